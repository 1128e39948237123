import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  reviewMatchDetailSchema,
  reviewMatchParamsSchema,
  setReviewMatchBodySchema,
} from '@careloop/contracts/review-matches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { clearReviewMatch, getReviewMatch, setReviewMatch } from './review-matches.service';

/** Staff in the loop on review-to-patient matches: they confirm, reassign or clear the engine's. */
export const ingestionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/review-matches/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: "A review's patient match: candidates, whether it needs checking, and every staff change",
          params: reviewMatchParamsSchema,
          response: { 200: reviewMatchDetailSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getReviewMatch(deps, ctx, request.params.id);
      },
    );

    app.post(
      '/api/review-matches/:id/match',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Confirm the match or match the review to another patient of the clinic',
          params: reviewMatchParamsSchema,
          body: setReviewMatchBodySchema,
          response: { 200: reviewMatchDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return setReviewMatch(deps, ctx, request.params.id, request.body.patientId);
      },
    );

    app.post(
      '/api/review-matches/:id/unmatch',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Remove the review’s patient match',
          params: reviewMatchParamsSchema,
          response: { 200: reviewMatchDetailSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return clearReviewMatch(deps, ctx, request.params.id);
      },
    );
  };
