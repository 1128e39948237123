import { dismissUpgradePromptBodySchema, usageSchema } from '@careloop/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { dismissUpgradePrompt, getUsage } from './usage.service';

export const usageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/usage',
      {
        config: { access: 'member' },
        schema: {
          tags: ['plans'],
          summary:
            "This calendar month's messages and patients against the plan, with the month-end projection",
          response: { 200: usageSchema },
        },
      },
      async (request) => getUsage(deps, clinicContextOf(request), new Date()),
    );

    app.post(
      '/api/usage/upgrade-prompt/dismissals',
      {
        config: { access: 'member' },
        schema: {
          tags: ['plans'],
          summary: 'Remind me later: the upgrade dialog stays closed for this user until the next threshold',
          body: dismissUpgradePromptBodySchema,
        },
      },
      async (request, reply) => {
        await dismissUpgradePrompt(deps, clinicContextOf(request), request.body, new Date());
        return reply.status(204).send();
      },
    );
  };
