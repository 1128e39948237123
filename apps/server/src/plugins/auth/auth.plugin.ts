import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from './create-auth';

/** Converts a Fastify request into the Fetch Request better-auth's handler takes. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'x-client-ip') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The client IP keys better-auth's rate limits; without it every user would share one bucket.
  headers.set('x-client-ip', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth authenticates its own routes (sign-in, sign-up, sessions, TOTP).
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const response = await auth.handler(toFetchRequest(request, publicUrl));
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key === 'set-cookie') continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length > 0 ? text : null);
    },
  });
}

export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
