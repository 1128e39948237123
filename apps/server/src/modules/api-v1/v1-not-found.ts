import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import type { BearerGuard } from '../../plugins/api-bearer';
import { declareScopeAccess } from '../../plugins/route-access';

/**
 * Paths under /api/v1 that no route serves: a JSON 404 with the API's own rate-limit headers (the
 * caller's budget, reset in epoch seconds), not the web pages' limiter, and audited like any call
 * of a known client.
 */
export function v1NotFound(bearer: BearerGuard) {
  return async (v1: FastifyInstance) => {
    declareScopeAccess(v1, 'public');
    v1.addHook('onSend', (request, reply, payload, done) => {
      bearer.audit(request, reply);
      done(null, payload);
    });
    v1.setNotFoundHandler({ preHandler: bearer.meterUnknownPath }, async (request) => {
      throw new AppError(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
    });
  };
}
