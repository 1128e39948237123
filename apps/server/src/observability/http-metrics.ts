import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** Every answer timed by its route template (`/api/patients/:id`, not the id), method and status. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
