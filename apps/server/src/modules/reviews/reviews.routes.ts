import { caseSchema } from '@careloop/contracts/cases';
import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  reviewIdParamsSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
  reviewSummarySchema,
  syncReviewsResponseSchema,
} from '@careloop/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import {
  createCaseFromReview,
  getReview,
  getReviewSummary,
  listReviews,
  syncReviews,
} from './reviews.service';

export const reviewsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/reviews',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Reviews, newest review date first, with the matched patient (keyset paging)',
          querystring: reviewListQuerySchema,
          response: { 200: reviewListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return listReviews(deps, ctx, request.query);
      },
    );

    app.get(
      '/api/reviews/summary',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Total Reviews, Matched Patients, Avg Rating and Needs Attention',
          response: { 200: reviewSummarySchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getReviewSummary(deps, ctx);
      },
    );

    app.post(
      '/api/reviews/sync',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Import new reviews from the review platform',
          response: { 200: syncReviewsResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const result = await syncReviews(deps, ctx);
        if (!result.ok) {
          // No source configured is the clinic's to fix (409); a provider failing is upstream (502).
          const status = result.code === 'NO_REVIEW_SOURCE' ? 409 : 502;
          return reply.status(status).send({ error: { code: result.code, message: result.message } });
        }
        return { imported_count: result.importedCount };
      },
    );

    app.get(
      '/api/reviews/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'One review',
          params: reviewIdParamsSchema,
          response: { 200: reviewSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getReview(deps, ctx, request.params.id);
      },
    );

    app.post(
      '/api/reviews/:id/case',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Create a case from a review (severity from the rating, due in 24 hours)',
          params: reviewIdParamsSchema,
          response: { 201: caseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        return reply.status(201).send(await createCaseFromReview(deps, ctx, request.params.id));
      },
    );
  };
