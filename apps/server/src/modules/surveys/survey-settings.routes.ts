import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  saveSurveySettingsBodySchema,
  saveSurveySettingsResponseSchema,
  surveySettingsResponseSchema,
} from '@careloop/contracts/surveys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getSurveySettings, saveSurveySettings } from './survey-settings.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['surveys'];

/** Patient survey settings: owners and admins, on plans with automatic surveys. */
export const surveySettingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/surveys/settings',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "The clinic's patient survey settings (surveys off with the defaults when never saved)",
          response: { 200: surveySettingsResponseSchema, ...errors },
        },
      },
      async (request) => getSurveySettings(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/surveys/settings',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Replaces the survey settings: on/off, day after the procedure, channel, review links',
          body: saveSurveySettingsBodySchema,
          response: { 200: saveSurveySettingsResponseSchema, ...errors },
        },
      },
      async (request) => saveSurveySettings(deps, clinicContextOf(request), request.body),
    );
  };
