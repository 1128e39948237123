import { accountPreferencesSchema, updateAccountPreferencesSchema } from '@careloop/contracts/account';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getAccountPreferences, saveAccountPreferences } from './account.service';

/** The signed-in user's own preferences: every member edits their own, nobody else's. */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/preferences',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: "The signed-in user's e-mail preferences",
          response: { 200: accountPreferencesSchema, 401: errorResponseSchema },
        },
      },
      async (request) => getAccountPreferences(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/account/preferences',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: "Change the signed-in user's e-mail preferences (fields left out keep their values)",
          body: updateAccountPreferencesSchema,
          response: { 200: accountPreferencesSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => saveAccountPreferences(deps, clinicContextOf(request), request.body),
    );
  };
