import { meResponseSchema } from '@careloop/contracts/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

export const meRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in user, their clinic and role',
          response: { 200: meResponseSchema },
        },
      },
      async (request) => {
        const ctx = await deps.requestContext.requireClinic(request);
        return {
          user: ctx.user,
          clinic: {
            id: ctx.clinic.id,
            name: ctx.clinic.name,
            subscriptionTier: ctx.clinic.subscriptionTier,
            category: ctx.clinic.category,
            sandboxMode: ctx.clinic.sandboxMode === 'on',
          },
          role: ctx.role,
        };
      },
    );
  };
