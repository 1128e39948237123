import { saveSecretBodySchema, secretListSchema, secretSummarySchema } from '@careloop/contracts/secrets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { listSecrets, saveSecret } from './secrets.service';

export const secretsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/secrets',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Save a secret (encrypted at rest; never returned)',
          body: saveSecretBodySchema,
          response: { 201: secretSummarySchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const saved = await saveSecret(deps, ctx, request.body);
        return reply.status(201).send(saved);
      },
    );

    app.get(
      '/api/secrets',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "Names of the clinic's saved secrets",
          response: { 200: secretListSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return { secrets: await listSecrets(deps, ctx) };
      },
    );
  };
