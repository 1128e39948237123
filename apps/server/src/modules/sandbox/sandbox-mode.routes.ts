import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  sandboxModeStateSchema,
  sandboxWebhookSecretsSchema,
  switchSandboxModeBodySchema,
  switchSandboxModeResponseSchema,
} from '@careloop/contracts/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getSandboxModeState, getSandboxWebhookSecrets, switchSandboxMode } from './sandbox.service';

// "Try it first": mounted on every server, so a clinic can see whether it may try
// the product on the provider fakes; only a server that mounts the fakes lets it switch.
export const sandboxModeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/sandbox-mode',
      {
        config: { access: 'member' },
        schema: {
          tags: ['settings'],
          summary: 'Whether this server offers sandbox mode, and whether the clinic is in it',
          response: { 200: sandboxModeStateSchema, 401: errorResponseSchema },
        },
      },
      async (request) => getSandboxModeState(deps, clinicContextOf(request)),
    );

    app.get(
      '/api/settings/sandbox-mode/webhook-secrets',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary:
            "Owner or admin, sandbox mode only: the clinic's own secrets its inbound webhooks are checked with (for its own fakes and simulators)",
          response: {
            200: sandboxWebhookSecretsSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => getSandboxWebhookSecrets(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/settings/sandbox-mode',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['settings'],
          summary:
            'Owner: switch the clinic to the provider fakes ("try with test data") or back (removes the credentials saved for the fakes, fails queued messages); audited',
          body: switchSandboxModeBodySchema,
          response: {
            200: switchSandboxModeResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => switchSandboxMode(deps, clinicContextOf(request), request.body.enabled),
    );
  };
