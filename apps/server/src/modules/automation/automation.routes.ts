import {
  automationSettingsSchema,
  saveAutomationSettingsBodySchema,
  saveAutomationSettingsResponseSchema,
} from '@careloop/contracts/automation';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getAutomationSettings, saveAutomationSettings } from './automation.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['automation'];

/** Automation Settings (spec 2 §2, §3): owners and admins only. */
export const automationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/automation/settings',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "The clinic's follow-up automation settings (the spec's defaults when never saved)",
          response: { 200: automationSettingsSchema, ...errors },
        },
      },
      async (request) => getAutomationSettings(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/automation/settings',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Replaces the automation settings: schedule, cross-sell, channels, sending window',
          body: saveAutomationSettingsBodySchema,
          response: { 200: saveAutomationSettingsResponseSchema, ...errors },
        },
      },
      async (request) => saveAutomationSettings(deps, clinicContextOf(request), request.body),
    );
  };
