import {
  analyticsRangeQuerySchema,
  analyticsSummaryResponseSchema,
  patientsAtRiskResponseSchema,
} from '@careloop/contracts/analytics';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getAnalyticsSummary, getPatientsAtRisk } from './analytics.service';

export const analyticsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/analytics/summary',
      {
        config: { access: 'member' },
        schema: {
          tags: ['analytics'],
          summary:
            "KPIs of a period (whole days in the clinic's time zone) against the one before it, breakdowns and trends; the first row only without advanced analytics",
          querystring: analyticsRangeQuerySchema,
          response: { 200: analyticsSummaryResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => getAnalyticsSummary(deps, clinicContextOf(request), request.query),
    );

    app.get(
      '/api/analytics/patients-at-risk',
      {
        config: { access: 'member' },
        schema: {
          tags: ['analytics'],
          summary: "The clinic's patients at high and medium risk (the dashboard card)",
          response: { 200: patientsAtRiskResponseSchema },
        },
      },
      async (request) => getPatientsAtRisk(deps, clinicContextOf(request).clinicId),
    );
  };
