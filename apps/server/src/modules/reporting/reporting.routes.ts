import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  acceptedResponseSchema,
  clientErrorListQuerySchema,
  clientErrorListSchema,
  logErrorBodySchema,
  logPerformanceBodySchema,
  logUserActionBodySchema,
} from '@careloop/contracts/reporting';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import {
  listClientErrors,
  logClientAction,
  logClientError,
  logClientPerformance,
  type Reporter,
} from './reporting.service';

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
        const who = await reporter(request);
        await logClientError(deps.db, who, request.body);
        // A line in the service's log too, so that a crash on a signed-out page (no clinic, no
        // monitoring page of its own) reaches the operators. The URL is left out: a survey or reset
        // link carries its token in it; the stored report has it, found by the error id.
        const line = {
          errorType: request.body.error_type,
          errorId: request.body.error_id,
          clinicId: who.clinicId,
          message: request.body.error_message?.slice(0, 200),
        };
        if (request.body.error_type === 'page_not_found')
          request.log.info(line, 'client reported a page not found');
        else request.log.warn(line, 'client reported an error');
        return reply.status(202).send({ accepted: true });
      },
    );
    app.get(
      '/api/admin/client-errors',
      {
        config: { access: 'operator' },
        schema: {
          tags: ['admin'],
          summary:
            "Errors browsers reported, every clinic's and the public pages', newest first (operators only)",
          querystring: clientErrorListQuerySchema,
          response: { 200: clientErrorListSchema, 400: errorResponseSchema },
        },
      },
      async (request) => listClientErrors(deps.db, request.query),
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
