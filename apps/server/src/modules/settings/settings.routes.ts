import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  type ClinicSettings,
  clinicSettingsSchema,
  connectionTestResponseSchema,
  saveAiReviewResponseBodySchema,
  saveSmsBodySchema,
  saveTrustpilotBodySchema,
  saveWhatsAppBodySchema,
  testSmsBodySchema,
  testWhatsAppBodySchema,
  updateCategoryBodySchema,
  updateClinicProfileBodySchema,
  updateClinicSecurityBodySchema,
} from '@careloop/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { clinicContextOf } from '../../plugins/route-access';
import { saveClinicSecurity } from './clinic-security.service';
import { testSmsConnection, testWhatsAppConnection } from './connection-tests.service';
import {
  getSettings,
  saveAiReviewResponse,
  saveClinicProfile,
  saveSms,
  saveTrustpilot,
  saveWhatsApp,
  updateCategory,
} from './settings.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const settingsResponse = { 200: clinicSettingsSchema, ...errors };
const tags = ['settings'];

/** Clinic Settings (spec 1 §2): owners and admins only. */
export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'The clinic settings; secrets as saved or not, never their values',
          response: settingsResponse,
        },
      },
      async (request) => getSettings(deps, clinicContextOf(request)),
    );

    /** A manager's PUT of one part of the settings, answered with the whole settings as saved. */
    function putPart<Body extends z.ZodType>(
      url: string,
      summary: string,
      body: Body,
      save: (deps: AppDeps, context: ClinicContext, body: z.infer<Body>) => Promise<ClinicSettings>,
    ) {
      app.put(
        url,
        { config: { access: 'manager' }, schema: { tags, summary, body, response: settingsResponse } },
        async (request) => save(deps, clinicContextOf(request), request.body as z.infer<Body>),
      );
    }

    putPart('/api/settings/category', 'The clinic specialty', updateCategoryBodySchema, (d, context, body) =>
      updateCategory(d, context, body.category),
    );
    putPart(
      '/api/settings/profile',
      'Name, contact e-mail, phone, category, brand tone',
      updateClinicProfileBodySchema,
      saveClinicProfile,
    );
    putPart(
      '/api/settings/security',
      'Automatic sign-out: minutes a session may stay unused (5-720)',
      updateClinicSecurityBodySchema,
      saveClinicSecurity,
    );
    putPart(
      '/api/settings/trustpilot',
      'Trustpilot API key and business unit id (saved as secrets)',
      saveTrustpilotBodySchema,
      saveTrustpilot,
    );
    putPart(
      '/api/settings/whatsapp',
      'WhatsApp access token, phone number id, app secret',
      saveWhatsAppBodySchema,
      saveWhatsApp,
    );
    putPart(
      '/api/settings/sms',
      'SMS provider, account SID, auth token, from number',
      saveSmsBodySchema,
      saveSms,
    );
    putPart(
      '/api/settings/ai-review-response',
      'AI review replies: switch, threshold (1-3), delay (1/2/4/8/24 h); professional and up',
      saveAiReviewResponseBodySchema,
      saveAiReviewResponse,
    );

    app.post(
      '/api/settings/whatsapp/test',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Test connection: looks the phone number up with the token',
          body: testWhatsAppBodySchema,
          response: { 200: connectionTestResponseSchema, ...errors },
        },
      },
      async (request) => testWhatsAppConnection(deps, clinicContextOf(request), request.body),
    );

    app.post(
      '/api/settings/sms/test',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Test connection: fetches the Twilio account',
          body: testSmsBodySchema,
          response: { 200: connectionTestResponseSchema, ...errors },
        },
      },
      async (request) => testSmsConnection(deps, clinicContextOf(request), request.body),
    );
  };
