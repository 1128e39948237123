import { errorResponseSchema } from '@careloop/contracts/errors';
import { sampleReviewsResponseSchema, sandboxTestCredentialsSchema } from '@careloop/contracts/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { addSampleReviews, sandboxTestCredentials } from './sandbox-trial.service';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox' | 'sandboxes'>;

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };

export const sandboxTrialRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/sandbox/test-credentials',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['sandbox'],
          summary: "Sandbox only: the provider fakes' own WhatsApp and Twilio test values, to fill in",
          response: { 200: sandboxTestCredentialsSchema, ...errors },
        },
      },
      async (request) => sandboxTestCredentials(clinicContextOf(request)),
    );

    app.post(
      '/api/sandbox/sample-reviews',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['sandbox'],
          summary:
            "Sandbox only: posts sample reviews on the clinic's sandbox Trustpilot page, connects it and syncs",
          body: z.object({}).strict(),
          response: { 200: sampleReviewsResponseSchema, ...errors },
        },
      },
      async (request) => addSampleReviews(deps, clinicContextOf(request), new Date()),
    );
  };
