import type pg from 'pg';
import { percentile } from './report';

type Cpu = { database: number; app: Record<string, number>; benchAndFakes: number };

export type FleetRun = {
  started: number;
  minuteMs: number;
  hourEnd: number;
  tickTimes: Record<string, number[]>;
  cpu: Cpu;
  wallSeconds: number;
  fakeCalls: Record<string, number>;
};

type JobRow = {
  name: string;
  state: string;
  created: number;
  startAfter: number;
  startedAt: number | null;
  completedAt: number | null;
};

/** The scheduled jobs' periods in compressed minutes; fan-out jobs are judged by their children. */
const periods: Record<string, { minutes: number; children?: string }> = {
  'ingest-reviews-hourly': { minutes: 60, children: 'ingest-clinic-reviews' },
  'plan-followups': { minutes: 15, children: 'plan-clinic-followups' },
  'plan-surveys': { minutes: 15, children: 'plan-clinic-surveys' },
  'send-daily-digests': { minutes: 15 },
  'draft-review-replies': { minutes: 5 },
  'backfill-patient-risk': { minutes: 5 },
  'refresh-planner-statistics': { minutes: 60 },
  'send-messages': { minutes: 1 },
  'deliver-webhooks': { minutes: 1 },
};

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The run's figures, read from pg-boss's job table, the outbox and the webhook outbox. */
export async function fleetFigures(client: pg.Client, run: FleetRun) {
  const since = new Date(run.started - 1000);
  const { rows: jobs } = await client.query<JobRow>(
    `select name, state,
            extract(epoch from created_on) * 1000 as "created",
            extract(epoch from start_after) * 1000 as "startAfter",
            extract(epoch from started_on) * 1000 as "startedAt",
            extract(epoch from completed_on) * 1000 as "completedAt"
     from pgboss.job where created_on >= $1`,
    [since],
  );
  const byName = new Map<string, JobRow[]>();
  for (const job of jobs) byName.set(job.name, [...(byName.get(job.name) ?? []), job]);
  const lagOf = (j: JobRow) => Number(j.startedAt) - Math.max(Number(j.startAfter), Number(j.created));
  const allLags = jobs
    .filter((j) => j.startedAt !== null)
    .map(lagOf)
    .sort((a, b) => a - b);

  const queues: Record<string, Record<string, number>> = {};
  for (const [name, rows] of byName) {
    const lags = rows
      .filter((j) => j.startedAt !== null)
      .map(lagOf)
      .sort((a, b) => a - b);
    const runs = rows
      .filter((j) => j.completedAt !== null && j.startedAt !== null)
      .map((j) => Number(j.completedAt) - Number(j.startedAt))
      .sort((a, b) => a - b);
    queues[name] = {
      jobs: rows.length,
      completed: rows.filter((j) => j.state === 'completed').length,
      failed: rows.filter((j) => j.state === 'failed').length,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      runP50Ms: percentile(runs, 50),
      runMaxMs: round(runs.at(-1) ?? 0),
    };
  }

  // Inside its period: from each tick to the end of the last job it started (or its own end),
  // against the period divided by the compression.
  const insidePeriod: Record<string, Record<string, number | string>> = {};
  for (const [name, { minutes, children }] of Object.entries(periods)) {
    const ticks = run.tickTimes[name] ?? [];
    if (ticks.length === 0) continue;
    const periodMs = minutes * run.minuteMs;
    let worst = 0;
    let unfinished = 0;
    for (const [i, tick] of ticks.entries()) {
      const next = ticks[i + 1] ?? Number.POSITIVE_INFINITY;
      const own = (byName.get(name) ?? []).filter(
        (j) => Number(j.created) >= tick - 50 && Number(j.created) < next,
      );
      const started = children
        ? (byName.get(children) ?? []).filter((j) => Number(j.created) >= tick && Number(j.created) < next)
        : [];
      const wave = [...own, ...started];
      unfinished += wave.filter((j) => j.completedAt === null).length;
      const end = Math.max(
        tick,
        ...wave.filter((j) => j.completedAt !== null).map((j) => Number(j.completedAt)),
      );
      worst = Math.max(worst, end - tick);
    }
    insidePeriod[name] = {
      ticks: ticks.length,
      periodRealMs: round(periodMs),
      worstWaveMs: round(worst),
      unfinished,
      inside: unfinished === 0 && worst <= periodMs ? 'yes' : 'NO',
    };
  }

  const { rows: outbox } = await client.query<{ status: string; n: number }>(
    `select delivery_status as status, count(*)::int as n from patient_communications
     where created_at >= $1 group by 1`,
    [since],
  );
  const { rows: outboxLag } = await client.query<{ ms: number }>(
    `select extract(epoch from sent_at - greatest(scheduled_at, created_at)) * 1000 as ms
     from patient_communications where created_at >= $1 and sent_at is not null order by 1`,
    [since],
  );
  const { rows: hooks } = await client.query<{ status: string; n: number; p99: number }>(
    `select status, count(*)::int as n,
            percentile_cont(0.99) within group (order by extract(epoch from updated_at - created_at) * 1000) as p99
     from webhook_deliveries where created_at >= $1 group by 1`,
    [since],
  );
  const { rows: other } = await client.query<{ reviews: number; digests: number; cases: number }>(
    `select (select count(*)::int from reviews where created_at >= $1) as reviews,
            (select count(*)::int from daily_digest_deliveries where status = 'sent') as digests,
            (select count(*)::int from cases where created_at >= $1) as cases`,
    [since],
  );
  // The minute jobs' work is what falls due in a minute: inside its period when a message is sent,
  // and a webhook delivered, within one (compressed) minute of being due, p99.
  const hookP99 = Math.max(0, ...hooks.filter((r) => r.status === 'succeeded').map((r) => Number(r.p99)));
  const dueToDone = (p99: number) => ({
    p99Ms: round(p99),
    periodRealMs: round(run.minuteMs),
    inside: p99 <= run.minuteMs ? 'yes' : 'NO',
  });
  const sent = outbox
    .filter((r) => r.status !== 'queued' && r.status !== 'sending' && r.status !== 'failed')
    .reduce((s, r) => s + r.n, 0);
  const lags = outboxLag.map((r) => Number(r.ms));
  const appCpu = Object.values(run.cpu.app).reduce((s, n) => s + n, 0);
  const total = run.cpu.database + appCpu + run.cpu.benchAndFakes;
  const calls = run.fakeCalls;
  return {
    wallSeconds: round(run.wallSeconds),
    insidePeriod,
    queueLagP50Ms: percentile(allLags, 50),
    queueLagP99Ms: percentile(allLags, 99),
    queueLagP99CompressedMinutes: round(percentile(allLags, 99) / run.minuteMs, 2),
    queues,
    outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
    withinAMinuteOfDue: {
      'send-messages': dueToDone(percentile(lags, 99)),
      'deliver-webhooks': dueToDone(hookP99),
    },
    outboxLagP50Ms: percentile(lags, 50),
    outboxLagP99Ms: percentile(lags, 99),
    outboxLagMaxMs: round(lags.at(-1) ?? 0),
    webhookDeliveries: Object.fromEntries(
      hooks.map((r) => [r.status, { n: r.n, p99Ms: round(Number(r.p99)) }]),
    ),
    reviewsImported: other[0]?.reviews ?? 0,
    casesOpened: other[0]?.cases ?? 0,
    digestsSent: other[0]?.digests ?? 0,
    providerCalls: calls,
    providerRequestsPerMessage: sent ? round(((calls.twilio ?? 0) + (calls.openai ?? 0)) / sent, 2) : null,
    smsRequestsPerMessage: sent ? round((calls.twilio ?? 0) / sent, 2) : null,
    aiRequestsPerMessage: sent ? round((calls.openai ?? 0) / sent, 2) : null,
    cpuSeconds: {
      database: round(run.cpu.database, 1),
      ...Object.fromEntries(Object.entries(run.cpu.app).map(([k, v]) => [k, round(v, 1)])),
      benchAndFakes: round(run.cpu.benchAndFakes, 1),
    },
    databaseCpuShare: round(run.cpu.database / total, 3),
    databaseCoresBusy: round(run.cpu.database / run.wallSeconds, 2),
    allCoresBusy: round(total / run.wallSeconds, 2),
  };
}
