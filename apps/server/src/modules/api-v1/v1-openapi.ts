import type { FastifyInstance } from 'fastify';

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, unknown>;
  components?: { securitySchemes?: Record<string, unknown> };
};

/**
 * The public API's OpenAPI 3.1 document: the /api/v1 routes of the running app as their zod schemas
 * describe them, without the web app's private API. Committed as packages/sdk/openapi/v1.json (the
 * SDK's types are generated from it; a test fails when the routes and the file differ).
 */
export function v1OpenApiDocument(app: FastifyInstance) {
  const whole = app.swagger() as unknown as OpenApiDocument;
  const paths = Object.fromEntries(
    Object.entries(whole.paths)
      .filter(([path]) => path.startsWith('/api/v1/') && path !== '/api/v1/openapi.json')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    openapi: whole.openapi,
    info: {
      title: 'CareLoop API',
      version: '1.0.0',
      description:
        'Patients, reviews, follow-ups and analytics of one clinic. Authenticate with an OAuth 2.0 ' +
        'client-credentials token (POST /api/v1/oauth/token) from an API client created in Settings > API. ' +
        'Errors are { error: { code, message, details } }; every response carries X-RateLimit-Limit, ' +
        '-Remaining and -Reset; POST requests honour Idempotency-Key for 24 hours.',
    },
    tags: [{ name: 'public-api', description: 'The CareLoop public API, version 1' }],
    components: { securitySchemes: { bearerAuth: whole.components?.securitySchemes?.bearerAuth } },
    paths,
  };
}
