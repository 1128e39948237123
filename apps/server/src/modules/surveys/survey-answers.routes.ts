import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  publicSurveySchema,
  surveyAnswerBodySchema,
  surveyAnswerResponseSchema,
} from '@careloop/contracts/surveys';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { countHit } from '../../db/rate-limit-counter';
import { AppError } from '../../lib/errors';
import { sendLogo } from '../branding/logo-reply';
import { answerSurvey, getPublicSurvey, getSurveyLogo } from './survey-answers.service';
import { hashSurveyToken } from './survey-link-token';

const tags = ['surveys'];
const params = z.object({ token: z.string().max(200) });

/** Per client address: a patient answering and correcting, never a flood. */
export const surveyAnswerAddressLimit = { max: 20, timeWindow: 60_000 } as const;
/** Per survey link, from any number of addresses: an answer and a few changes. */
export const surveyAnswerTokenLimit = { max: 10, timeWindow: 60_000 } as const;

/** The public survey behind a patient's link: no sign-in, the link's token is the only credential. */
export const surveyAnswerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // @fastify/rate-limit runs one limit per request (the route's, per address), so the per-link
    // limit counts in the same database counters itself. Keyed by the hash: the store never holds a
    // usable link.
    const perToken = async (request: FastifyRequest) => {
      const token = (request.params as { token?: string }).token ?? '';
      const key = `api:group:survey-answer-token:${hashSurveyToken(token)}`;
      const { count } = await countHit(deps.db, key, surveyAnswerTokenLimit.timeWindow);
      if (count > surveyAnswerTokenLimit.max) throw new AppError(429, 'RATE_LIMITED', 'Too many requests');
    };

    app.get(
      '/api/surveys/:token',
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: "A survey link's page: clinic, language, any answer given, the clinic's review links",
          params,
          response: { 200: publicSurveySchema, 404: errorResponseSchema },
        },
      },
      async (request) => getPublicSurvey(deps, request.params.token),
    );

    app.get(
      '/api/surveys/:token/logo',
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          tags,
          summary:
            "The clinic's logo on its survey page, with its checked type (404 when the page shows none)",
          params,
          response: { 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        sendLogo(reply, await getSurveyLogo(deps, request.params.token), 'private, max-age=3600'),
    );

    app.post(
      '/api/surveys/:token/answers',
      {
        config: { access: 'public', rateLimit: surveyAnswerAddressLimit },
        preHandler: perToken,
        bodyLimit: 16 * 1024,
        schema: {
          tags,
          summary:
            'Answers (or within 24 hours changes the answer to) a patient survey: score 0-10 and a comment',
          params,
          body: surveyAnswerBodySchema,
          response: {
            200: surveyAnswerResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => answerSurvey(deps, request.params.token, request.body),
    );
  };
