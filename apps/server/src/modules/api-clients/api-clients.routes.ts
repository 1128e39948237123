import {
  apiClientIdParamsSchema,
  apiClientListResponseSchema,
  apiClientSchema,
  apiClientUsageResponseSchema,
  createApiClientBodySchema,
  createdApiClientSchema,
} from '@careloop/contracts/api-clients';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getApiClientUsage } from './api-client-usage.service';
import {
  createApiClient,
  listApiClients,
  revokeApiClient,
  rotateApiClientSecret,
} from './api-clients.service';

/** Settings > API: the clinic's OAuth 2.0 clients (owners and admins). */
export const apiClientsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/api-clients',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "The clinic's API clients (never their secrets), with their latest call",
          response: { 200: apiClientListResponseSchema },
        },
      },
      async (request) => listApiClients(deps, clinicContextOf(request)),
    );

    app.get(
      '/api/settings/api-clients/usage',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "Each API client's calls this hour (its hourly budget's window) and today (clinic time)",
          response: { 200: apiClientUsageResponseSchema },
        },
      },
      async (request) => getApiClientUsage(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/settings/api-clients',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Create an API client (Professional and Enterprise); the secret is in this answer only',
          body: createApiClientBodySchema,
          response: { 201: createdApiClientSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createApiClient(deps, clinicContextOf(request), request.body)),
    );

    app.delete(
      '/api/settings/api-clients/:id',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Revoke an API client: its tokens are refused from the next request on',
          params: apiClientIdParamsSchema,
          response: { 200: apiClientSchema, 404: errorResponseSchema },
        },
      },
      async (request) => revokeApiClient(deps, clinicContextOf(request), request.params.id),
    );

    app.post(
      '/api/settings/api-clients/:id/rotate-secret',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary:
            'A new client secret, in this answer only; the replaced one still gets tokens for 24 hours',
          params: apiClientIdParamsSchema,
          response: { 200: createdApiClientSchema, 404: errorResponseSchema },
        },
      },
      async (request) => rotateApiClientSecret(deps, clinicContextOf(request), request.params.id),
    );
  };
