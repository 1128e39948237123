import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const apiPrefix = '/api/v1/';
const documentPath = '/api/v1/openapi.json';

/** What a browser script may read of an answer besides the CORS-safelisted headers. */
const exposedHeaders = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'Location',
].join(', ');

const allowedMethods = 'GET, POST, PATCH, PUT, DELETE';
const allowedHeaders = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
/** Browsers cache a preflight this long (Chromium caps it at 2 hours). */
const preflightMaxAgeSeconds = 7200;

const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * CORS for the public API (/api/v1) and its document, for the origins an operator lists
 * (API_CORS_ORIGINS): none by default. `*` opens the document to every page (a docs viewer
 * anywhere), never the API: a token in a page of any origin would be a token for every origin.
 * Credentials are bearer tokens, never cookies, so no Allow-Credentials is sent.
 */
export function registerApiCors(app: FastifyInstance, origins: readonly string[]) {
  const listed = new Set(origins.filter((origin) => origin !== '*'));
  const documentForAll = origins.includes('*');

  /** The Access-Control-Allow-Origin value for this request, or undefined (not allowed). */
  const allowedOrigin = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return undefined;
    if (listed.has(origin)) return origin;
    if (documentForAll && pathOf(request.url) === documentPath) return '*';
    return undefined;
  };

  const allow = (reply: FastifyReply, origin: string) => {
    reply.header('access-control-allow-origin', origin);
    if (origin !== '*') reply.header('vary', 'Origin');
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (!pathOf(request.url).startsWith(apiPrefix)) return done();
    const origin = allowedOrigin(request);
    const isPreflight =
      request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string';
    if (isPreflight) {
      // Answered here: no route under /api/v1 takes OPTIONS. A refused origin gets no allow headers,
      // which the browser reads as refusal.
      if (origin) {
        allow(reply, origin);
        reply.header('access-control-allow-methods', allowedMethods);
        reply.header('access-control-allow-headers', allowedHeaders);
        reply.header('access-control-max-age', String(preflightMaxAgeSeconds));
      }
      reply.code(204).send();
      return;
    }
    if (origin) {
      allow(reply, origin);
      reply.header('access-control-expose-headers', exposedHeaders);
    } else if (listed.size > 0 || documentForAll) {
      // A cache between must not serve one origin's allowed answer to another.
      reply.header('vary', 'Origin');
    }
    done();
  });
}
