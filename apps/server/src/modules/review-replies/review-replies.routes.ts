import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  reviewReplyParamsSchema,
  reviewReplyResponseSchema,
  updateReviewReplyBodySchema,
} from '@careloop/contracts/review-replies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import {
  approveReviewReply,
  discardReviewReply,
  getReviewReply,
  saveReviewReplyText,
} from './review-replies.service';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const reviewRepliesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/reviews/:id/reply',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: "A review's public reply (draft, approved, posted or discarded), if it has one",
          params: reviewReplyParamsSchema,
          response: { 200: reviewReplyResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getReviewReply(deps, ctx, request.params.id);
      },
    );

    app.put(
      '/api/reviews/:id/reply',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary:
            'Write or edit the reply text (checked: no patient confirmation, treatment, date or health detail)',
          params: reviewReplyParamsSchema,
          body: updateReviewReplyBodySchema,
          response: { 200: reviewReplyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return saveReviewReplyText(deps, ctx, request.params.id, request.body.text);
      },
    );

    app.post(
      '/api/reviews/:id/reply/approve',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary:
            "Approve the reply: posted through the platform's reply API when credentials allow, else kept for copying",
          params: reviewReplyParamsSchema,
          response: { 200: reviewReplyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return approveReviewReply(deps, ctx, request.params.id);
      },
    );

    app.post(
      '/api/reviews/:id/reply/discard',
      {
        config: { access: 'member' },
        schema: {
          tags: ['reviews'],
          summary: 'Discard the reply; nothing is posted',
          params: reviewReplyParamsSchema,
          response: { 200: reviewReplyResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return discardReviewReply(deps, ctx, request.params.id);
      },
    );
  };
