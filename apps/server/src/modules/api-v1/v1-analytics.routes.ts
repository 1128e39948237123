import { v1AnalyticsQuerySchema, v1AnalyticsSchema } from '@careloop/contracts/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getV1Analytics } from './analytics.service';
import { v1CommonErrors, v1ErrorResponses } from './v1-errors';

export const v1AnalyticsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/analytics',
      {
        config: { access: 'bearer', scope: 'analytics:read' },
        schema: {
          tags: ['public-api'],
          summary:
            "The dashboard's KPIs with the response rate (answered share of messages sent), its last 12 weeks (reviews, rating, cases opened and resolved), and the recovery KPIs of a period (from, to; default the last 30 days)",
          operationId: 'getAnalytics',
          security: [{ bearerAuth: ['analytics:read'] }],
          querystring: v1AnalyticsQuerySchema,
          response: { 200: v1AnalyticsSchema, ...v1ErrorResponses(...v1CommonErrors) },
        },
      },
      async (request) => getV1Analytics(deps, clinicContextOf(request), request.query),
    );
  };
