import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';

const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), jobs: z.boolean() }),
});

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: readySchema, 503: readySchema } },
      },
      async (_request, reply) => {
        const database = await deps.database
          .ping()
          .then(() => true)
          .catch(() => false);
        const jobs = await deps.jobs.isHealthy();
        const ok = database && jobs;
        return reply
          .status(ok ? 200 : 503)
          .send({ status: ok ? 'ready' : 'not_ready', checks: { database, jobs } });
      },
    );
  };
