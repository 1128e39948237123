import {
  acceptedResponseSchema,
  logErrorBodySchema,
  logPerformanceBodySchema,
  logUserActionBodySchema,
} from '@careloop/contracts/reporting';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { logClientAction, logClientError, logClientPerformance, type Reporter } from './reporting.service';

// Accepted from signed-out pages too; bounded in size and rate, and the user comes from the session.
const reportLimits = {
  bodyLimit: 64 * 1024,
  config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
} as const;

export const reportingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    async function reporter(request: FastifyRequest): Promise<Reporter> {
      const ctx = await deps.requestContext.optionalClinic(request);
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      return { clinicId: ctx?.clinicId ?? null, userId: ctx?.userId ?? null, userAgent };
    }
    const response = { 202: acceptedResponseSchema };

    app.post(
      '/api/log-error',
      { ...reportLimits, schema: { tags: ['reporting'], body: logErrorBodySchema, response } },
      async (request, reply) => {
        await logClientError(deps.db, await reporter(request), request.body);
        return reply.status(202).send({ accepted: true });
      },
    );
    app.post(
      '/api/log-user-action',
      { ...reportLimits, schema: { tags: ['reporting'], body: logUserActionBodySchema, response } },
      async (request, reply) => {
        await logClientAction(deps.db, await reporter(request), request.body);
        return reply.status(202).send({ accepted: true });
      },
    );
    app.post(
      '/api/log-performance',
      { ...reportLimits, schema: { tags: ['reporting'], body: logPerformanceBodySchema, response } },
      async (request, reply) => {
        await logClientPerformance(deps.db, await reporter(request), request.body);
        return reply.status(202).send({ accepted: true });
      },
    );
  };
