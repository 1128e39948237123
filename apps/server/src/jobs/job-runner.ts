import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { startWorkerHeartbeat } from '../modules/health/worker-heartbeat.service';
import type { JobContext, RunnableJob } from './job-definition';

export type JobRunner = {
  start: (options: { work: boolean }) => Promise<void>;
  send: (
    name: string,
    payload: object,
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ) => Promise<string | null>;
  isHealthy: () => Promise<boolean>;
  stop: () => Promise<void>;
};

export function createJobRunner(
  database: DatabaseHandle,
  definitions: RunnableJob[],
  ctx: JobContext,
): JobRunner {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss(poolOptions(database));
  let started = false;
  let heartbeat: ReturnType<typeof startWorkerHeartbeat> | null = null;
  boss.on('error', (error: Error) => ctx.log.error({ err: error }, 'job runner error'));

  return {
    async start({ work }) {
      await boss.start();
      started = true;
      for (const def of definitions) {
        await boss.createQueue(def.name, {
          retryLimit: def.retryLimit ?? 5,
          retryBackoff: true,
          retryDelay: 5,
        });
        if (def.schedule)
          await boss.schedule(def.name, def.schedule.cron, {}, { tz: def.schedule.tz ?? 'UTC' });
        if (!work) continue;
        await boss.work(def.name, async (jobs) => {
          for (const job of jobs) {
            await def.run(job.data ?? {}, ctx);
          }
        });
      }
      // After every queue has its worker: the beat says jobs are being worked, not merely queued.
      if (work) {
        heartbeat = startWorkerHeartbeat(ctx.db, ctx.log);
        await heartbeat.started;
      }
    },
    send(name, payload, options) {
      return boss.send(name, payload, {
        startAfter: options?.startAfterSeconds,
        singletonKey: options?.singletonKey,
      });
    },
    async isHealthy() {
      if (!started) return false;
      try {
        return await boss.isInstalled();
      } catch {
        return false;
      }
    },
    async stop() {
      await heartbeat?.stop();
      heartbeat = null;
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}

function poolOptions(database: DatabaseHandle) {
  const options = database.pool!.options as { connectionString?: string };
  return { connectionString: options.connectionString, max: 4 };
}
