import { errorResponseSchema } from '@careloop/contracts/errors';
import { onboardingStateSchema, onboardingStepParamsSchema } from '@careloop/contracts/onboarding';
import type { OnboardingStep } from '@careloop/domain/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { dismissReach, getOnboardingState, saveOnboardingStep } from './onboarding.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['onboarding'];

/** The setup wizard (spec 1 §2): owners and admins, since it saves settings and secrets. */
export const onboardingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/onboarding',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Wizard progress, profile, channels and templates',
          response: { 200: onboardingStateSchema, ...errors },
        },
      },
      async (request) => getOnboardingState(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/onboarding/steps/:step',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary:
            'Validate and save one step (1 profile, 2 WhatsApp, 3 SMS, 4 templates: completes the wizard)',
          params: onboardingStepParamsSchema,
          body: z.record(z.string(), z.unknown()),
          response: { 200: onboardingStateSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return saveOnboardingStep(deps, ctx, request.params.step as OnboardingStep, request.body);
      },
    );

    app.post(
      '/api/onboarding/reach/dismiss',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "'Maybe later' on the Maximize Your Reach card",
          response: { 200: onboardingStateSchema, ...errors },
        },
      },
      async (request) => dismissReach(deps, clinicContextOf(request)),
    );
  };
