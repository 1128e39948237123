import type { DatabaseHandle } from '../db/client';
import { type ProviderCallEvent, providerCallChannel } from '../integrations/http/provider-call-channel';
import { jobQueuesInstalled, readWaitingWork } from './operations-snapshot.repository';

/** What the app records; the Prometheus text is rendered by `render` for the metrics listener only. */
export type Metrics = {
  observeRequest: (route: string, method: string, status: number, seconds: number) => void;
  observeJob: (job: string, outcome: 'completed' | 'failed', seconds: number) => void;
  /** The Prometheus text format, with the queue, outbox and pool gauges read now. */
  render: () => Promise<{ contentType: string; body: string }>;
  close: () => void;
};

const secondsBuckets = {
  http: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  job: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300],
  provider: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
};

/**
 * The process's metrics in a registry of their own (several apps in one test process keep theirs
 * apart). prom-client is loaded here, on demand: with METRICS_PORT unset nothing of it is imported.
 */
export async function createMetrics(
  database: DatabaseHandle,
  log: { warn: (o: object, m: string) => void },
): Promise<Metrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // One helper per kind: a series is its name, its help text, its labels (and buckets).
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new Histogram<L>({ name, help, labelNames, buckets, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers });

  const httpDuration = histogram(
    'http_request_duration_seconds',
    'HTTP requests by route template, method and status, until the answer was sent',
    ['route', 'method', 'status'],
    secondsBuckets.http,
  );
  const rateLimitRefusals = counter(
    'rate_limit_refusals_total',
    'Requests answered 429 (rate limits, the signed-in brake, the API budget, sign-in lockout) by route',
    ['route'],
  );
  const jobRuns = counter('job_runs_total', 'Job runs by job and outcome', ['job', 'outcome']);
  const jobDuration = histogram(
    'job_duration_seconds',
    'How long one job run took, by job',
    ['job'],
    secondsBuckets.job,
  );
  const providerCalls = counter(
    'provider_calls_total',
    'HTTP attempts at providers by provider and outcome (ok, rate_limited, unavailable, timeout...)',
    ['provider', 'outcome'],
  );
  const providerDuration = histogram(
    'provider_call_duration_seconds',
    'How long one provider attempt took, by provider and outcome',
    ['provider', 'outcome'],
    secondsBuckets.provider,
  );
  const queueDepth = gauge(
    'job_queue_depth',
    'Jobs waiting per queue: due now, or held until later (retry back-off, delayed sends)',
    ['queue', 'state'],
  );
  const queueOldest = gauge(
    'job_queue_oldest_age_seconds',
    'How long the oldest due job of each queue has waited (0: none due)',
    ['queue'],
  );
  const outboxMessages = gauge(
    'outbox_messages',
    'Outbox rows not yet settled: messages (queued_due, queued_later, sending) and webhook deliveries (pending_due, pending_later, sending)',
    ['outbox', 'state'],
  );
  const outboxOldest = gauge(
    'outbox_oldest_due_age_seconds',
    'How long the oldest due row of each outbox has waited (0: none due)',
    ['outbox'],
  );
  const poolConnections = gauge(
    'db_pool_connections',
    'Database connections of the app pool: max, open, in use (PGlite: its one connection)',
    ['state'],
  );
  const poolWaiting = gauge(
    'db_pool_waiting_requests',
    'Queries waiting for a free connection of the app pool',
    [],
  );

  const onProviderCall = (message: unknown) => {
    const event = message as ProviderCallEvent;
    providerCalls.inc({ provider: event.provider, outcome: event.outcome });
    providerDuration.observe({ provider: event.provider, outcome: event.outcome }, event.seconds);
  };
  providerCallChannel.subscribe(onProviderCall);

  // Checked until pg-boss has made its tables (a process starts its runner after its metrics).
  let withQueues = false;

  async function readGauges() {
    const { pool } = database;
    if (pool) {
      poolConnections.set({ state: 'max' }, pool.options.max ?? 10);
      poolConnections.set({ state: 'open' }, pool.totalCount);
      poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      poolWaiting.set(pool.waitingCount);
    } else {
      poolConnections.set({ state: 'max' }, 1);
      poolConnections.set({ state: 'open' }, 1);
    }
    try {
      withQueues ||= await jobQueuesInstalled(database.db);
      const waiting = await readWaitingWork(database.db, { withQueues });
      // A queue emptied since the last scrape is reported as 0, not left at its old value.
      for (const gauge of [queueDepth, queueOldest, outboxMessages, outboxOldest]) gauge.reset();
      for (const work of waiting) {
        if (work.source === 'queue') {
          queueDepth.set({ queue: work.name, state: 'due' }, work.due);
          queueDepth.set({ queue: work.name, state: 'later' }, work.later);
          queueOldest.set({ queue: work.name }, work.oldestDueSeconds);
          continue;
        }
        const waitingState = work.name === 'messages' ? 'queued' : 'pending';
        outboxMessages.set({ outbox: work.name, state: `${waitingState}_due` }, work.due);
        outboxMessages.set({ outbox: work.name, state: `${waitingState}_later` }, work.later);
        outboxMessages.set({ outbox: work.name, state: 'sending' }, work.inFlight);
        outboxOldest.set({ outbox: work.name }, work.oldestDueSeconds);
      }
    } catch (error) {
      // The rest of the page still answers; the gauges keep their last values.
      log.warn({ err: error }, 'metrics: reading queues and outboxes failed');
    }
  }

  return {
    observeRequest(route, method, status, seconds) {
      httpDuration.observe({ route, method, status }, seconds);
      if (status === 429) rateLimitRefusals.inc({ route });
    },
    observeJob(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    async render() {
      await readGauges();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close() {
      providerCallChannel.unsubscribe(onProviderCall);
    },
  };
}
