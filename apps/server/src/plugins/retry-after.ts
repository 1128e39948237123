import type { FastifyInstance } from 'fastify';

/** When a 429 names no time, try again after a minute: the shortest window of our limits. */
const defaultRetryAfterSeconds = 60;

/**
 * Every 429 says when to try again (Retry-After, RFC 9110 §10.2.3). Our limits set it themselves;
 * better-auth's per-address limits (sign-in, sign-up, password reset, TOTP) write only their own
 * `X-Retry-After`, which clients and proxies do not read: it is copied, else a minute is given.
 */
export function registerRetryAfter(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      const given = Number(reply.getHeader('x-retry-after'));
      reply.header(
        'retry-after',
        String(Number.isFinite(given) && given > 0 ? Math.ceil(given) : defaultRetryAfterSeconds),
      );
    }
    done(null, payload);
  });
}
