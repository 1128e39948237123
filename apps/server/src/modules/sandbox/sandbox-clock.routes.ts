import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../lib/errors';
import { clinicContextOf } from '../../plugins/route-access';
import { enterSandboxMode, runClinicAutomationAt } from './sandbox.service';
import { postSandboxReview } from './sandbox-reviews.service';

// Sandbox only (mounted when the server runs in sandbox mode, never in production): lets a clinic
// try its automation without waiting for the clock, and post reviews on its own Trustpilot fake page
// (a cross-sell needs a happy patient's matched review). A clinic enters sandbox mode (its providers
// become the fakes under /sandbox), then runs the planner and the sender as they would run at a
// chosen instant. Signed-in routes like any other (the shared guards: origin, no-store, budget).

const runBodySchema = z.object({ at: z.string().datetime({ offset: true }) }).strict();
const runResponseSchema = z.object({
  at: z.string(),
  planned: z.number().int(),
  skipped: z.number().int(),
  claimed: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  requeued: z.number().int(),
});
const modeResponseSchema = z.object({ sandboxMode: z.literal(true) });
const reviewBodySchema = z
  .object({
    stars: z.number().int().min(1).max(5),
    reviewerName: z.string().trim().min(1).max(100),
    title: z.string().trim().max(200).default(''),
    text: z.string().trim().min(1).max(2000),
    language: z.enum(['en', 'es', 'tr']).default('en'),
    createdAt: z.string().datetime({ offset: true }),
  })
  .strict();
const reviewResponseSchema = z.object({
  reviewId: z.string(),
  apiKey: z.string(),
  businessUnitId: z.string(),
});

type Deps = Pick<
  AppDeps,
  'db' | 'config' | 'secretBox' | 'log' | 'sandboxes' | 'mailer' | 'surveyLinkTokens'
>;

export const sandboxClockRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/sandbox/clinic/sandbox-mode',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['sandbox'],
          summary: "Sandbox only: the owner's clinic sends through the provider fakes from now on",
          body: z.object({}).strict(),
          response: { 200: modeResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        await enterSandboxMode(deps, ctx.clinicId);
        return { sandboxMode: true as const };
      },
    );

    app.post(
      '/api/sandbox/automation/run',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['sandbox'],
          summary:
            "Sandbox only: runs the follow-up planner and the sender for the caller's clinic as at the instant `at`",
          body: runBodySchema,
          response: {
            200: runResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        if (ctx.clinic.sandboxMode !== 'on') throw conflict('The clinic is not in sandbox mode');
        return runClinicAutomationAt(deps, ctx.clinicId, new Date(request.body.at));
      },
    );

    app.post(
      '/api/sandbox/trustpilot/reviews',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['sandbox'],
          summary:
            "Sandbox only: posts a review on the caller's clinic's own page of the Trustpilot fake and answers that page's API key and business unit id",
          body: reviewBodySchema,
          response: {
            201: reviewResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        if (ctx.clinic.sandboxMode !== 'on') throw conflict('The clinic is not in sandbox mode');
        const { createdAt, ...review } = request.body;
        const posted = postSandboxReview(deps, ctx.clinic, { ...review, createdAt: new Date(createdAt) });
        return reply.status(201).send(posted);
      },
    );
  };
