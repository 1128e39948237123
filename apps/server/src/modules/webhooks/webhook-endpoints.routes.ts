import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  sendWebhookTestBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveryAttemptSchema,
  webhookDeliveryLogResponseSchema,
  webhookDeliveryParamsSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointSchema,
} from '@careloop/contracts/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { rotateWebhookSecret, sendWebhookTestEvent } from './webhook-endpoint-actions.service';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDeliveryLog,
  listWebhookEndpoints,
  replayWebhookDelivery,
  updateWebhookEndpoint,
} from './webhook-endpoints.service';

const base = '/api/settings/webhook-endpoints';

/** Settings > API: the clinic's outbound webhook endpoints (owners and admins). */
export const webhookEndpointsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      base,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "The clinic's webhook endpoints (never their secrets)",
          response: { 200: webhookEndpointListResponseSchema },
        },
      },
      async (request) => listWebhookEndpoints(deps, clinicContextOf(request)),
    );

    app.post(
      base,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary:
            'Add a webhook endpoint (Professional and Enterprise); the signing secret is in this answer only',
          body: createWebhookEndpointBodySchema,
          response: { 201: createdWebhookEndpointSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createWebhookEndpoint(deps, clinicContextOf(request), request.body)),
    );

    app.patch(
      `${base}/:id`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Change an endpoint (URL, events, description) or turn it off and on',
          params: webhookEndpointIdParamsSchema,
          body: updateWebhookEndpointBodySchema,
          response: { 200: webhookEndpointSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) =>
        updateWebhookEndpoint(deps, clinicContextOf(request), request.params.id, request.body),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Delete an endpoint, its delivery log and its signing secret',
          params: webhookEndpointIdParamsSchema,
          response: { 200: webhookEndpointSchema, 404: errorResponseSchema },
        },
      },
      async (request) => deleteWebhookEndpoint(deps, clinicContextOf(request), request.params.id),
    );

    app.get(
      `${base}/:id/deliveries`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "An endpoint's delivery log: the newest deliveries and attempts",
          params: webhookEndpointIdParamsSchema,
          response: { 200: webhookDeliveryLogResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => getWebhookDeliveryLog(deps, clinicContextOf(request), request.params.id),
    );

    app.post(
      `${base}/:id/deliveries/:deliveryId/replay`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: 'Send a delivery again now (same webhook-id and body, new signature)',
          params: webhookDeliveryParamsSchema,
          response: { 200: webhookDeliveryAttemptSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) =>
        replayWebhookDelivery(deps, clinicContextOf(request), request.params.id, request.params.deliveryId),
    );

    app.post(
      `${base}/:id/test`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary: "Send an event's example to this endpoint now, once (signed like any delivery)",
          params: webhookEndpointIdParamsSchema,
          // The settings screen posts no body: Fastify hands the schema null for it.
          body: sendWebhookTestBodySchema.nullish(),
          response: { 200: webhookDeliveryAttemptSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) =>
        sendWebhookTestEvent(deps, clinicContextOf(request), request.params.id, request.body ?? {}),
    );

    app.post(
      `${base}/:id/rotate-secret`,
      {
        config: { access: 'manager' },
        schema: {
          tags: ['settings'],
          summary:
            'A new signing secret, in this answer only; for 24 hours deliveries are signed with both secrets',
          params: webhookEndpointIdParamsSchema,
          response: { 200: createdWebhookEndpointSchema, 404: errorResponseSchema },
        },
      },
      async (request) => rotateWebhookSecret(deps, clinicContextOf(request), request.params.id),
    );
  };
