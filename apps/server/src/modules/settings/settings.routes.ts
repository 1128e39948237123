import { errorResponseSchema } from '@careloop/contracts/errors';
import {
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
import type { AppDeps } from '../../app-deps';
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

    app.put(
      '/api/settings/category',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'The clinic specialty',
          body: updateCategoryBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => updateCategory(deps, clinicContextOf(request), request.body.category),
    );

    app.put(
      '/api/settings/profile',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Name, contact e-mail, phone, category, brand tone',
          body: updateClinicProfileBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveClinicProfile(deps, clinicContextOf(request), request.body),
    );

    app.put(
      '/api/settings/security',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Automatic sign-out: minutes a session may stay unused (5-720)',
          body: updateClinicSecurityBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveClinicSecurity(deps, clinicContextOf(request), request.body),
    );

    app.put(
      '/api/settings/trustpilot',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Trustpilot API key and business unit id (saved as secrets)',
          body: saveTrustpilotBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveTrustpilot(deps, clinicContextOf(request), request.body),
    );

    app.put(
      '/api/settings/whatsapp',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'WhatsApp access token, phone number id, app secret',
          body: saveWhatsAppBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveWhatsApp(deps, clinicContextOf(request), request.body),
    );

    app.put(
      '/api/settings/sms',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'SMS provider, account SID, auth token, from number',
          body: saveSmsBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveSms(deps, clinicContextOf(request), request.body),
    );

    app.put(
      '/api/settings/ai-review-response',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'AI review replies: switch, threshold (1-3), delay (1/2/4/8/24 h); professional and up',
          body: saveAiReviewResponseBodySchema,
          response: settingsResponse,
        },
      },
      async (request) => saveAiReviewResponse(deps, clinicContextOf(request), request.body),
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
