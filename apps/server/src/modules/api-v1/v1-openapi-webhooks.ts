import { webhookEventBodySchema, webhookEventExamples } from '@careloop/contracts/webhook-events';
import { type WebhookEventType, webhookEventTypes } from '@careloop/contracts/webhooks';
import { z } from 'zod';

/** `review.created` -> `ReviewCreatedEvent`. */
const schemaNameOf = (type: WebhookEventType) =>
  `${type
    .split('.')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}Event`;

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The event's id: the same on every retry (deduplicate on it).",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in seconds since the Unix epoch (refuse one over 5 minutes off).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"> with the endpoint secret (the bytes after whsec_, base64-decoded); for 24 hours after a secret rotation, two signatures separated by a space, one per secret: accept the delivery when one matches.',
    schema: { type: 'string' },
  },
];

/**
 * The events a clinic's endpoints receive (OpenAPI 3.1 `webhooks`), signed per Standard Webhooks,
 * each body a named schema: what a receiver's code generator needs.
 */
export function v1WebhooksSection() {
  const schemas: Record<string, unknown> = {};
  const webhooks: Record<string, unknown> = {};
  for (const type of webhookEventTypes) {
    const name = schemaNameOf(type);
    const { $schema: _dialect, ...schema } = z.toJSONSchema(webhookEventBodySchema(type), {
      target: 'draft-2020-12',
      io: 'output',
    }) as Record<string, unknown>;
    schemas[name] = schema;
    webhooks[type] = {
      post: {
        operationId: `on${name}`,
        summary: `${type}: sent to endpoints subscribed to it`,
        tags: ['Webhooks'],
        security: [],
        parameters: signatureHeaders,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${name}` },
              example: { type, timestamp: '2026-03-02T10:15:00.000Z', data: webhookEventExamples[type] },
            },
          },
        },
        responses: {
          '200': {
            description:
              "Any 2xx: received. 410 Gone turns the endpoint off; anything else is retried. An endpoint's events are sent in the order they happened; a retried one can arrive after later ones, so order by the body's timestamp.",
          },
        },
      },
    };
  }
  return { schemas, webhooks };
}
