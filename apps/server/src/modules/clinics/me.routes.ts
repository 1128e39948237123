import { meResponseSchema } from '@careloop/contracts/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { readerLanguage } from '../../plugins/reader-language';
import { clinicContextOf, isOperator } from '../../plugins/route-access';

export const meRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const operators = new Set(deps.config.operatorEmails);
    app.get(
      '/api/me',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: 'The signed-in user, their clinic and role',
          response: { 200: meResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return {
          user: { ...ctx.user, language: readerLanguage(ctx) },
          clinic: {
            id: ctx.clinic.id,
            name: ctx.clinic.name,
            subscriptionTier: ctx.clinic.subscriptionTier,
            category: ctx.clinic.category,
            sandboxMode: ctx.clinic.sandboxMode === 'on',
            idleTimeoutMinutes: ctx.clinic.idleTimeoutMinutes,
            timeZone: ctx.clinic.timeZone,
          },
          role: ctx.role,
          isOperator: isOperator(operators, ctx.user.email),
        };
      },
    );
  };
