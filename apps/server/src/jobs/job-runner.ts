import { fromPglite, type JobResult, PgBoss, type WorkOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { startWorkerHeartbeat } from '../modules/health/worker-heartbeat.service';
import type { Metrics } from '../observability/metrics';
import { currentWorkOrigin, runWithWorkOrigin, type WorkOrigin } from '../observability/work-origin';
import type { WorkTracer } from '../observability/work-tracer';
import type { JobContext, QueuedJob, RunnableJob } from './job-definition';
import { runWithinLimit } from './run-limit';

/** Beside the payload in a job's data: the request or job run that sent it (work-origin.ts). */
const originKey = '_origin';

/**
 * How long a run may take when its job declares no `maxRunSeconds`: a minute under pg-boss's default
 * expiry (15 minutes), which such a job's queue keeps. The per-clinic queues, whose batch waits for
 * its slowest run, declare far shorter limits beside their jobs.
 */
const defaultMaxRunSeconds = 840;

/**
 * The queue's expiry, past the run's own limit: pg-boss fails a job still active that long (its
 * process gone, or the whole batch past it), so it is the bound when the run's own cannot fire.
 */
const expiryAfterLimitSeconds = 60;

const maxRunSeconds = (def: RunnableJob) => def.maxRunSeconds ?? defaultMaxRunSeconds;
const expireInSeconds = (def: RunnableJob) => maxRunSeconds(def) + expiryAfterLimitSeconds;

/** How runs are watched: metrics and traces, each only when switched on. */
export type JobObservers = { metrics?: Metrics | null; tracer?: WorkTracer | null };

/** pg-boss's own idle poll; a test sets a longer one to tell a burst fetch from a polled one. */
const defaultPollingIntervalSeconds = 2;
export type JobRunnerOptions = { pollingIntervalSeconds?: number };

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
  options: JobRunnerOptions = {},
): JobRunner {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? defaultPollingIntervalSeconds;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss(poolOptions(database));
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
            expireInSeconds: expireInSeconds(def),
          });
        else {
          // pg-boss cannot change a queue's policy; the queue would have to be deleted with its jobs.
          if (queue.policy !== policy)
            ctx.log.info(
              { queue: def.name, policy: queue.policy, declared: policy },
              'queue keeps its policy',
            );
          // Queues made before runs had limits expire at pg-boss's 15 minutes; jobs already queued keep theirs.
          if (queue.expireInSeconds !== expireInSeconds(def))
            await boss.updateQueue(def.name, { expireInSeconds: expireInSeconds(def) });
        }
        if (!def.schedule) continue;
        const tz = def.schedule.tz ?? 'UTC';
        const current = scheduleOf.get(def.name);
        if (current?.cron !== def.schedule.cron || current.timezone !== tz)
          await boss.schedule(def.name, def.schedule.cron, {}, { tz });
      }
      if (work)
        await Promise.all(
          definitions.map((def) =>
            boss.work(def.name, workOptions(def, pollingIntervalSeconds), (jobs) =>
              runBatch(def, jobs, { ...ctx, stopping: stopping.signal }, observers),
            ),
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
  const run = () =>
    runWithinLimit(maxRunSeconds(def), ctx.stopping, (stopping) =>
      def.run(payload, { ...ctx, log, stopping }),
    );
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
 * How one process works a job's queue. A job with `concurrency` N fetches up to N jobs at a time and
 * runs them at once; a fetch that came back full is followed by the next at once
 * (`burstWhenBatchFull`), one that came back short waits out the poll (2 s). The burst is
 * decided by what the fetch returned, not by pg-boss's cached ready count, which its supervisor
 * refreshes once a minute: with that count a fan-out's backlog was worked at one job per worker
 * per poll (4 jobs/s for 8 workers) before it was seen. An idle queue still costs one fetch per
 * poll per process, whatever N is. The price: a batch's next fetch waits for its slowest run, so
 * each run is bounded by its job's `maxRunSeconds` (run-limit.ts): one that never ends holds its
 * queue in its process that long, then fails and retries, instead of stopping the queue there.
 */
function workOptions(def: RunnableJob, pollingIntervalSeconds: number) {
  const concurrency = def.concurrency ?? 1;
  return {
    pollingIntervalSeconds,
    batchSize: concurrency,
    localConcurrency: 1,
    burstWhenBatchFull: true,
    perJobResults: true,
  } satisfies WorkOptions;
}

/** Runs a fetched batch at once; each job is settled on its own, so one failure retries only itself. */
async function runBatch(
  def: RunnableJob,
  jobs: { id: string; data: unknown }[],
  ctx: JobContext,
  observers: JobObservers,
): Promise<JobResult[]> {
  const outcomes = await Promise.allSettled(jobs.map((job) => runObserved(def, job, ctx, observers)));
  return outcomes.map((outcome, i) =>
    outcome.status === 'fulfilled'
      ? { id: jobs[i]!.id, status: 'completed' }
      : { id: jobs[i]!.id, status: 'failed', output: outcome.reason },
  );
}

function poolOptions(database: DatabaseHandle) {
  const options = database.pool!.options as { connectionString?: string };
  return { connectionString: options.connectionString, max: 4 };
}
