import type { FastifyInstance } from 'fastify';
import {
  v1AnswerHeaders,
  v1ErrorResponseComponents,
  v1ErrorResponseNames,
  v1Headers,
  v1Parameters,
} from './v1-openapi-components';
import { v1OperationExamples } from './v1-openapi-examples';
import { hoistNamedSchemas, type JsonObject } from './v1-openapi-schemas';
import { v1WebhooksSection } from './v1-openapi-webhooks';

type Operation = JsonObject & {
  operationId?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: { content: Record<string, JsonObject> };
  responses: Record<string, JsonObject>;
};

type WholeDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const tagOf = (path: string) =>
  path.startsWith('/api/v1/oauth')
    ? 'Authentication'
    : path.startsWith('/api/v1/patients')
      ? 'Patients'
      : path.startsWith('/api/v1/reviews')
        ? 'Reviews'
        : path.startsWith('/api/v1/followups')
          ? 'Follow-ups'
          : 'Analytics';

const tags = [
  { name: 'Authentication', description: 'Access tokens for an API client (OAuth 2.0 client credentials).' },
  { name: 'Patients', description: "The clinic's patients, with their treatment date and consent." },
  { name: 'Reviews', description: 'Online reviews across platforms, matched to patients.' },
  { name: 'Follow-ups', description: "Patients' follow-up message sequences." },
  { name: 'Analytics', description: "The clinic's dashboard figures." },
  { name: 'Webhooks', description: 'Events sent to the endpoints a clinic adds in Settings > API.' },
];

const successDescriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
};

/** Headers, descriptions, examples and the error answers by reference, for one bearer operation. */
function describeOperation(method: string, operation: Operation): Operation {
  const examples = v1OperationExamples[operation.operationId ?? ''];
  const responses: Record<string, JsonObject> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const errorName = v1ErrorResponseNames[Number(status)];
    if (errorName) {
      responses[status] = { $ref: `#/components/responses/${errorName}` };
      continue;
    }
    const content = response.content as Record<string, JsonObject>;
    responses[status] = {
      description: successDescriptions[status] ?? 'OK',
      headers: {
        ...v1AnswerHeaders,
        ...(method === 'post'
          ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } }
          : {}),
      },
      content: {
        'application/json': {
          ...content['application/json'],
          ...(examples ? { example: examples.response } : {}),
        },
      },
    };
  }
  return {
    ...operation,
    parameters: [
      ...(operation.parameters ?? []),
      ...(method === 'post' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      { $ref: '#/components/parameters/RequestId' },
    ],
    ...withRequestExample(operation, examples?.request),
    responses,
  };
}

function withRequestExample(operation: Operation, example: unknown) {
  if (!operation.requestBody || example === undefined) return {};
  const content = Object.fromEntries(
    Object.entries(operation.requestBody.content).map(([type, media]) => [type, { ...media, example }]),
  );
  return { requestBody: { ...operation.requestBody, content } };
}

/** The token operation keeps RFC 6749's own error answers. */
function describeTokenOperation(operation: Operation): Operation {
  const examples = v1OperationExamples.requestAccessToken!;
  const media = (status: string) =>
    (operation.responses[status]!.content as Record<string, JsonObject>)['application/json'];
  return {
    ...operation,
    description:
      'Send the client_id and client_secret by HTTP Basic (or as form fields). The token lasts expires_in seconds; ask for a new one when it ends or a call answers 401.',
    parameters: [{ $ref: '#/components/parameters/RequestId' }],
    ...withRequestExample(operation, examples.request),
    responses: {
      '200': {
        description: 'A bearer token',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
        content: { 'application/json': { ...media('200'), example: examples.response } },
      },
      '400': {
        description:
          'invalid_request, unsupported_grant_type, invalid_scope or unauthorized_client (RFC 6749 §5.2)',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
        content: {
          'application/json': {
            ...media('400'),
            example: {
              error: 'invalid_scope',
              error_description: 'Scope not granted to this client: reviews:read',
            },
          },
        },
      },
      '401': {
        description: 'invalid_client: unknown client, wrong or expired secret, or revoked client',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
        content: {
          'application/json': {
            ...media('401'),
            example: { error: 'invalid_client', error_description: 'Client authentication failed' },
          },
        },
      },
    },
  };
}

/**
 * The public API's OpenAPI 3.1 document: the /api/v1 routes of the running app as their zod schemas
 * describe them, without the web app's private API, its server this deployment's PUBLIC_URL.
 * Committed as packages/sdk/openapi/v1.json (the SDK's types are generated from it; a test fails
 * when the routes and the file differ, another lints it with Redocly's recommended rules).
 */
export function v1OpenApiDocument(app: FastifyInstance, publicUrl: string) {
  const whole = app.swagger() as unknown as WholeDocument;
  const origin = publicUrl.replace(/\/+$/, '');
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(whole.paths).sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json') continue;
    paths[path] = Object.fromEntries(
      Object.entries(structuredClone(methods)).map(([method, operation]) => {
        const tagged = { ...operation, tags: [tagOf(path)] };
        return [
          method,
          tagged.operationId === 'requestAccessToken'
            ? describeTokenOperation(tagged)
            : describeOperation(method, tagged),
        ];
      }),
    );
  }
  const webhooks = v1WebhooksSection();
  const document = {
    openapi: whole.openapi,
    info: {
      title: 'CareLoop API',
      version: '1.0.0',
      description:
        'Patients, reviews, follow-ups and analytics of one clinic. Authenticate with an OAuth 2.0 ' +
        'client-credentials token (POST /api/v1/oauth/token) from an API client created in Settings > API. ' +
        'Errors are { error: { code, message, details, request_id } }; every answer carries X-Request-Id, and ' +
        'every answer to a live token X-RateLimit-Limit, -Remaining and -Reset; POST requests honour ' +
        'Idempotency-Key for 24 hours. Guides: ' +
        `${origin}/docs.`,
    },
    servers: [{ url: origin, description: 'This CareLoop deployment' }],
    tags,
    paths,
    webhooks: webhooks.webhooks,
    components: {
      securitySchemes: {
        bearerAuth: {
          ...(whole.components?.securitySchemes?.bearerAuth as JsonObject),
          flows: {
            clientCredentials: {
              ...((
                whole.components!.securitySchemes!.bearerAuth as { flows: { clientCredentials: JsonObject } }
              ).flows.clientCredentials as JsonObject),
              tokenUrl: `${origin}/api/v1/oauth/token`,
            },
          },
        },
        clientBasic: whole.components?.securitySchemes?.clientBasic,
      },
      headers: v1Headers,
      parameters: v1Parameters,
      responses: v1ErrorResponseComponents,
      schemas: webhooks.schemas,
    },
  };
  return hoistNamedSchemas(document);
}
