import { v1ReviewListQuerySchema, v1ReviewListResponseSchema } from '@careloop/contracts/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { listReviews } from '../reviews/reviews.service';
import { v1CommonErrors, v1ErrorResponses } from './v1-errors';
import { toV1Review } from './v1-shapes';

export const v1ReviewsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/reviews',
      {
        config: { access: 'bearer', scope: 'reviews:read' },
        schema: {
          tags: ['public-api'],
          summary:
            'Reviews across platforms, newest first; filters: platform, rating, since (inclusive), until (exclusive); cursor paging',
          operationId: 'listReviews',
          security: [{ bearerAuth: ['reviews:read'] }],
          querystring: v1ReviewListQuerySchema,
          response: { 200: v1ReviewListResponseSchema, ...v1ErrorResponses(...v1CommonErrors) },
        },
      },
      async (request) => {
        const { platform, rating, since, until, limit, cursor } = request.query;
        const page = await listReviews(deps, clinicContextOf(request), {
          limit,
          cursor,
          rating,
          provider: platform,
          since: since === undefined ? undefined : new Date(since),
          until: until === undefined ? undefined : new Date(until),
        });
        return { data: page.reviews.map(toV1Review), next_cursor: page.nextCursor };
      },
    );
  };
