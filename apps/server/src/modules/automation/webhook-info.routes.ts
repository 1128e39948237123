import { errorResponseSchema } from '@careloop/contracts/errors';
import { type WebhookInfo, webhookInfoSchema } from '@careloop/contracts/webhook-info';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { clinicContextOf } from '../../plugins/route-access';
import { inboundSecretNames } from '../inbound/webhook-clinic';
import { inboundWebhookUrls } from '../inbound/webhook-urls';
import { sandboxWebhookSecretOf } from '../sandbox/sandbox-webhook-secrets';
import { findSavedSecretNames } from '../secrets/secrets.service';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox'>;

/**
 * Production Setup's facts for the caller's clinic: the webhook URLs providers must call and
 * whether the WhatsApp verify token is saved. The handshake (modules/inbound) checks the saved
 * token, else, for a sandbox clinic, the clinic's own sandbox token: only that one is shown.
 */
async function getWebhookInfo(deps: Deps, ctx: Pick<ClinicContext, 'clinicId' | 'clinic'>) {
  const secretName = inboundSecretNames(ctx.clinicId).whatsAppVerifyToken;
  const isSaved = (await findSavedSecretNames(deps, ctx.clinicId, [secretName])).has(secretName);
  const sandboxMode = deps.config.sandboxMode && ctx.clinic.sandboxMode === 'on';
  const info: WebhookInfo = {
    urls: inboundWebhookUrls(deps.config.http.publicUrl, ctx.clinicId),
    whatsappVerifyToken: {
      secretName,
      isSaved,
      sandboxToken:
        sandboxMode && !isSaved
          ? await sandboxWebhookSecretOf(deps, ctx.clinicId, 'whatsAppVerifyToken')
          : null,
    },
    aiModelConfigured: sandboxMode || deps.config.openai.isConfigured,
    sandboxMode,
  };
  return info;
}

/** GET /api/automation/webhooks: owners and admins (Production Setup, spec 2 §2). */
export const webhookInfoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/automation/webhooks',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['automation'],
          summary:
            "This deployment's inbound webhook URLs for the clinic and its WhatsApp verify token status (never a secret value)",
          response: { 200: webhookInfoSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => getWebhookInfo(deps, clinicContextOf(request)),
    );
  };
