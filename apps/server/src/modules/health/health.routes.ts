import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { isAnyWorkerAlive } from './worker-heartbeat.service';

const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.boolean(),
    /** This process reaches the job queue (it can enqueue, and works jobs unless ROLE=web). */
    jobs: z.boolean(),
    /** Some process has worked jobs in the last two minutes (its heartbeat), wherever it runs. */
    workers: z.boolean(),
  }),
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
        const workers = database ? await isAnyWorkerAlive(deps.db).catch(() => false) : false;
        // Readiness is this process's: a web process serves requests whether or not the workers
        // run, so `workers` is reported (and the status page shows the outage) without taking the
        // web out of the load balancer.
        const ok = database && jobs;
        return reply
          .status(ok ? 200 : 503)
          .send({ status: ok ? 'ready' : 'not_ready', checks: { database, jobs, workers } });
      },
    );
  };
