import { fromPglite, PgBoss, type WorkOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { startWorkerHeartbeat } from '../modules/health/worker-heartbeat.service';
import type { Metrics } from '../observability/metrics';
import { currentWorkOrigin, runWithWorkOrigin, type WorkOrigin } from '../observability/work-origin';
import type { WorkTracer } from '../observability/work-tracer';
import type { JobContext, QueuedJob, RunnableJob } from './job-definition';

/** Beside the payload in a job's data: the request or job run that sent it (work-origin.ts). */
const originKey = '_origin';

/**
 * How often each process re-reads the queues' counts (pg-boss's monitor writes them every minute), which
 * decide when a worker stops waiting between fetches: the default, a minute, added a minute more before
 * a fan-out's backlog was seen.
 */
const queueCacheIntervalSeconds = 10;

/** How runs are watched: metrics and traces, each only when switched on. */
export type JobObservers = { metrics?: Metrics | null; tracer?: WorkTracer | null };

export type JobRunner = {
  start: (options: { work: boolean }) => Promise<void>;
  send: (
    name: string,
    payload: object,
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ) => Promise<string | null>;
  sendMany: (name: string, jobs: QueuedJob[]) => Promise<number>;
  isHealthy: () => Promise<boolean>;
  stop: () => Promise<void>;
};

export function createJobRunner(
  database: DatabaseHandle,
  definitions: RunnableJob[],
  ctx: JobContext,
  observers: JobObservers = {},
): JobRunner {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', queueCacheIntervalSeconds })
      : new PgBoss({ ...poolOptions(database), queueCacheIntervalSeconds });
  let started = false;
  let stopping = new AbortController();
  let heartbeat: ReturnType<typeof startWorkerHeartbeat> | null = null;
  boss.on('error', (error: Error) => ctx.log.error({ err: error }, 'job runner error'));

  /** The request or job run sending, kept beside a payload so the job's log lines and span continue it. */
  const sentFrom = () => {
    const origin = currentWorkOrigin();
    if (!origin) return null;
    const traceparent = observers.tracer?.traceparent();
    return { reqId: origin.reqId, ...(traceparent ? { traceparent } : {}) };
  };
  const withOrigin = (payload: object, origin: ReturnType<typeof sentFrom>) =>
    origin ? { ...payload, [originKey]: origin } : payload;

  return {
    async start({ work }) {
      stopping = new AbortController();
      await boss.start();
      started = true;
      // Read once, written only when missing or changed: re-creating every queue and schedule took
      // two statements per job one after another at every start (an existing queue was left as it
      // was anyway, and an unchanged schedule only had its update time touched).
      const [queues, schedules] = await Promise.all([boss.getQueues(), boss.getSchedules()]);
      const queueOf = new Map(queues.map((queue) => [queue.name, queue]));
      const scheduleOf = new Map(schedules.filter((row) => row.key === '').map((row) => [row.name, row]));
      for (const def of definitions) {
        const policy = def.onePendingPerKey ? 'short' : 'standard';
        const queue = queueOf.get(def.name);
        if (!queue)
          await boss.createQueue(def.name, {
            retryLimit: def.retryLimit ?? 5,
            retryBackoff: true,
            retryDelay: 5,
            policy,
          });
        // pg-boss cannot change a queue's policy; the queue would have to be deleted with its jobs.
        else if (queue.policy !== policy)
          ctx.log.info({ queue: def.name, policy: queue.policy, declared: policy }, 'queue keeps its policy');
        if (!def.schedule) continue;
        const tz = def.schedule.tz ?? 'UTC';
        const current = scheduleOf.get(def.name);
        if (current?.cron !== def.schedule.cron || current.timezone !== tz)
          await boss.schedule(def.name, def.schedule.cron, {}, { tz });
      }
      if (work)
        await Promise.all(
          definitions.map((def) =>
            boss.work(def.name, workOptions(def), async (jobs) => {
              for (const job of jobs)
                await runObserved(def, job, { ...ctx, stopping: stopping.signal }, observers);
            }),
          ),
        );
      // After every queue has its worker: the beat says jobs are being worked, not merely queued.
      if (work) {
        heartbeat = startWorkerHeartbeat(ctx.db, ctx.log);
        await heartbeat.started;
      }
    },
    send(name, payload, options) {
      return boss.send(name, withOrigin(payload, sentFrom()), {
        startAfter: options?.startAfterSeconds,
        singletonKey: options?.singletonKey,
      });
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return 0;
      const origin = sentFrom();
      // One INSERT of all the rows (ON CONFLICT DO NOTHING): a key that already waits on a
      // onePendingPerKey queue is skipped, and only the inserted rows' ids come back.
      const ids = await boss.insert(
        name,
        jobs.map((job) => ({
          data: withOrigin(job.payload, origin),
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        })),
        { returnId: true },
      );
      return ids?.length ?? 0;
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
      stopping.abort();
      await heartbeat?.stop();
      heartbeat = null;
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}

/**
 * One run: its log lines name the job, the run and the request that started it (`reqId`, the request's
 * own or, for a job not started by a request, this run's), it is timed into the metrics and, with
 * tracing on, runs in a span continuing the sender's trace.
 */
async function runObserved(
  def: RunnableJob,
  job: { id: string; data: unknown },
  ctx: JobContext,
  observers: JobObservers,
) {
  const { [originKey]: sentFrom, ...payload } = (job.data ?? {}) as { [originKey]?: WorkOrigin };
  const origin: WorkOrigin = { reqId: sentFrom?.reqId ?? `job_${job.id}` };
  const fields = { job: def.name, jobId: job.id, reqId: origin.reqId };
  const log: JobContext['log'] = {
    info: (o, m) => ctx.log.info({ ...fields, ...o }, m),
    error: (o, m) => ctx.log.error({ ...fields, ...o }, m),
  };
  const started = performance.now();
  const run = () => def.run(payload, { ...ctx, log });
  try {
    await runWithWorkOrigin(origin, () =>
      observers.tracer ? observers.tracer.inSpan(`job ${def.name}`, sentFrom?.traceparent, run) : run(),
    );
    observers.metrics?.observeJob(def.name, 'completed', (performance.now() - started) / 1000);
  } catch (error) {
    observers.metrics?.observeJob(def.name, 'failed', (performance.now() - started) / 1000);
    log.error({ err: error }, 'job failed');
    throw error;
  }
}

/**
 * How one process works a job's queue. A job with `concurrency` N runs N workers (pg-boss
 * `localConcurrency`), each fetching one job, so a slow run holds up only its own worker and every
 * job keeps its own retries; while the queue's ready backlog is larger than N they fetch again as
 * soon as a run ends (`burstWhenReadyExceeds`) instead of waiting out the 2-second poll after each
 * job, and a fetch that comes back empty returns them to polling.
 */
function workOptions(def: RunnableJob): WorkOptions {
  const concurrency = def.concurrency ?? 1;
  return { batchSize: 1, localConcurrency: concurrency, burstWhenReadyExceeds: concurrency };
}

function poolOptions(database: DatabaseHandle) {
  const options = database.pool!.options as { connectionString?: string };
  return { connectionString: options.connectionString, max: 4 };
}
