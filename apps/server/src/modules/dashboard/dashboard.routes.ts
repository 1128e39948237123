import { dashboardSummarySchema } from '@careloop/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getDashboardSummary } from './dashboard.service';

export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/summary',
      {
        config: { access: 'member' },
        schema: {
          tags: ['dashboard'],
          summary: 'Stat cards, system status and 12 weeks of review and case activity, in one query',
          response: { 200: dashboardSummarySchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getDashboardSummary(deps, ctx);
      },
    );
  };
