import { errorResponseSchema } from '@careloop/contracts/errors';
import { sendTestMessageBodySchema, sendTestMessageResponseSchema } from '@careloop/contracts/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { sendTestMessage } from './test-message.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/** Test Messaging (spec 2 §2): owners and admins send one real message through the outbox path. */
export const outboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/automation/test-message',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['automation'],
          summary:
            "Sends one test message (kind 'test') now: AI text or the clinic's template, checked, through the channel's provider",
          body: sendTestMessageBodySchema,
          response: { 200: sendTestMessageResponseSchema, ...errors },
        },
      },
      async (request) => sendTestMessage(deps, clinicContextOf(request), request.body),
    );
  };
