import { usageSchema } from '@careloop/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getUsage } from './usage.service';

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
  };
