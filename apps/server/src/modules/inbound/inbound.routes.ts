import { errorResponseSchema } from '@careloop/contracts/errors';
import { simulateReplyBodySchema, simulateReplyResponseSchema } from '@careloop/contracts/inbound';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { emptyTwiml } from '../../integrations/twilio/twilio.webhook';
import { clinicContextOf } from '../../plugins/route-access';
import { simulateReply } from './simulate-reply.service';
import { receiveTwilioWebhook } from './twilio-inbound';
import { receiveVonageWebhook } from './vonage-inbound';
import { WebhookRefused } from './webhook-clinic';
import { inboundWebhookRoutes } from './webhook-urls';
import { receiveWhatsAppWebhook, whatsAppHandshake } from './whatsapp-inbound';

const params = z.object({ clinicId: z.string().min(1).max(100) });
const tags = ['webhooks'];
// Providers retry on anything but 2xx; the limit only stops floods of unsigned requests.
const webhookLimits = {
  config: { access: 'webhook', rateLimit: { max: 1200, timeWindow: 60_000 } },
} as const;

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof WebhookRefused)) throw error;
  return reply.status(error.statusCode).send({
    error: { code: error.statusCode === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', message: error.message },
  });
}

const rawBodyOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * Inbound webhooks (WhatsApp, Twilio, Vonage), one URL set per clinic (`webhook-urls.ts`), and the
 * sandbox's "simulate patient reply". Webhook bodies are kept as raw bytes (signatures are over
 * them) by a content-type parser of their own scope; every other route parses JSON as usual.
 */
export const inboundRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const publicUrl = deps.config.http.publicUrl.replace(/\/+$/, '');

    await app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

      hooks.get(
        inboundWebhookRoutes.whatsapp,
        {
          ...webhookLimits,
          schema: { tags, summary: 'WhatsApp verification handshake (echoes hub.challenge)', params },
        },
        async (request, reply) => {
          const challenge = await whatsAppHandshake(
            deps,
            (request.params as { clinicId: string }).clinicId,
            request.query as Record<string, unknown>,
          );
          if (challenge === null) {
            return reply.status(403).send({ error: { code: 'FORBIDDEN', message: 'Verification failed' } });
          }
          return reply.type('text/plain').send(challenge);
        },
      );

      hooks.post(
        inboundWebhookRoutes.whatsapp,
        {
          ...webhookLimits,
          // Meta batches up to 1000 changes in one notification.
          bodyLimit: 5 * 1024 * 1024,
          schema: { tags, summary: 'WhatsApp notifications, X-Hub-Signature-256 over the raw body', params },
        },
        async (request, reply) => {
          try {
            await receiveWhatsAppWebhook(
              deps,
              (request.params as { clinicId: string }).clinicId,
              rawBodyOf(request.body),
              request.headers['x-hub-signature-256'],
            );
          } catch (error) {
            return refuse(reply, error);
          }
          return reply.type('text/plain').send('EVENT_RECEIVED');
        },
      );

      for (const [route, expect] of [
        [inboundWebhookRoutes.twilioInbound, 'inbound'],
        [inboundWebhookRoutes.twilioStatus, 'status'],
      ] as const) {
        hooks.post(
          route,
          {
            ...webhookLimits,
            schema: {
              tags,
              summary:
                expect === 'inbound'
                  ? 'Twilio inbound message (X-Twilio-Signature); answers empty TwiML'
                  : 'Twilio status callback (X-Twilio-Signature)',
              params,
            },
          },
          async (request, reply) => {
            try {
              await receiveTwilioWebhook(deps, (request.params as { clinicId: string }).clinicId, {
                // The URL Twilio called, rebuilt on the public origin (behind a proxy too).
                url: `${publicUrl}${request.url}`,
                rawBody: rawBodyOf(request.body),
                signature: request.headers['x-twilio-signature'],
                expect,
              });
            } catch (error) {
              return refuse(reply, error);
            }
            return reply.type('text/xml').send(emptyTwiml);
          },
        );
      }

      for (const [route, expect] of [
        [inboundWebhookRoutes.vonageInbound, 'inbound'],
        [inboundWebhookRoutes.vonageDeliveryReceipt, 'status'],
      ] as const) {
        hooks.post(
          route,
          {
            ...webhookLimits,
            schema: {
              tags,
              summary:
                expect === 'inbound'
                  ? 'Vonage inbound SMS (signed webhook: sig, timestamp, nonce)'
                  : 'Vonage delivery receipt (signed webhook)',
              params,
            },
          },
          async (request, reply) => {
            try {
              await receiveVonageWebhook(deps, (request.params as { clinicId: string }).clinicId, {
                rawBody: rawBodyOf(request.body),
                contentType: request.headers['content-type'],
                expect,
              });
            } catch (error) {
              return refuse(reply, error);
            }
            return reply.status(204).send();
          },
        );
      }
    });

    app.post(
      '/api/conversations/simulate-reply',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['conversations'],
          summary: "Sandbox only: the clinic's sandbox provider sends a signed patient reply to this server",
          body: simulateReplyBodySchema,
          response: {
            200: simulateReplyResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            502: errorResponseSchema,
          },
        },
      },
      async (request) => simulateReply(deps, clinicContextOf(request), request.body),
    );
  };
