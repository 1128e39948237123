import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { JobContext, RunnableJob } from './job-definition';
import { createJobRunner, type JobRunner } from './job-runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const silentLog = { info: () => {}, error: () => {} };

const jobContext = (sendMany: JobContext['sendMany'] = async () => 0): JobContext => ({
  db: t.deps.db,
  log: silentLog,
  config: t.deps.config,
  secretBox: t.deps.secretBox,
  mailer: t.deps.mailer,
  unsubscribeTokens: t.deps.unsubscribeTokens,
  surveyLinkTokens: t.deps.surveyLinkTokens,
  sendMany,
});

async function startAndStop(definitions: RunnableJob[]) {
  const runner = createJobRunner(t.deps.database, definitions, jobContext());
  await runner.start({ work: false });
  await runner.stop();
}

async function scheduleRow(name: string) {
  const result = (await t.db.execute(
    sql`select cron, timezone, updated_on::text as updated_on from pgboss.schedule where name = ${name}`,
  )) as unknown as { rows: { cron: string; timezone: string; updated_on: string }[] };
  return result.rows[0];
}

async function jobsIn(queue: string) {
  const result = (await t.db.execute(
    sql`select singleton_key, state from pgboss.job where name = ${queue}`,
  )) as unknown as { rows: { singleton_key: string | null; state: string }[] };
  return result.rows;
}

async function queueRetryLimit(name: string) {
  const result = (await t.db.execute(
    sql`select retry_limit from pgboss.queue where name = ${name}`,
  )) as unknown as {
    rows: { retry_limit: number }[];
  };
  return result.rows[0]?.retry_limit;
}

const job = (name: string, extra: Partial<RunnableJob> = {}): RunnableJob => ({
  name,
  run: async () => {},
  ...extra,
});

describe('starting the job runner again', () => {
  it('creates a missing queue and schedule, leaves an unchanged schedule unwritten, rewrites a changed one', async () => {
    const scheduled = `start-test-scheduled-${randomUUID()}`;
    const plain = `start-test-plain-${randomUUID()}`;
    await startAndStop([job(scheduled, { schedule: { cron: '0 * * * *' } }), job(plain, { retryLimit: 2 })]);
    const first = await scheduleRow(scheduled);
    expect(first).toMatchObject({ cron: '0 * * * *', timezone: 'UTC' });
    expect(await queueRetryLimit(plain)).toBe(2);
    expect(await scheduleRow(plain)).toBeUndefined();

    // The same definitions: nothing written (the schedule's update time is the first start's).
    await startAndStop([job(scheduled, { schedule: { cron: '0 * * * *' } }), job(plain, { retryLimit: 2 })]);
    expect(await scheduleRow(scheduled)).toEqual(first);

    const cases: [string, { cron: string; tz?: string }, { cron: string; timezone: string }][] = [
      ['a new cron', { cron: '30 * * * *' }, { cron: '30 * * * *', timezone: 'UTC' }],
      [
        'a new time zone',
        { cron: '30 * * * *', tz: 'Europe/Istanbul' },
        { cron: '30 * * * *', timezone: 'Europe/Istanbul' },
      ],
    ];
    for (const [, schedule, expected] of cases) {
      await startAndStop([job(scheduled, { schedule }), job(plain, { retryLimit: 2 })]);
      expect(await scheduleRow(scheduled)).toMatchObject(expected);
    }
    // An existing queue keeps its settings, as pg-boss's create_queue always left it.
    await startAndStop([job(plain, { retryLimit: 7 })]);
    expect(await queueRetryLimit(plain)).toBe(2);
  });
});

describe("a queue's expiry", () => {
  it("is a minute past its runs' limit, set on a queue made before and on one made now", async () => {
    const name = `expiry-test-${randomUUID()}`;
    const expiry = async () => {
      const result = (await t.db.execute(
        sql`select expire_seconds from pgboss.queue where name = ${name}`,
      )) as unknown as { rows: { expire_seconds: number }[] };
      return result.rows[0]?.expire_seconds;
    };
    await startAndStop([job(name, { maxRunSeconds: 30 })]);
    expect(await expiry()).toBe(90);
    await startAndStop([job(name, { maxRunSeconds: 120 })]);
    expect(await expiry()).toBe(180);
  });
});

// pg-boss's shortest poll: a test that waits for the next fetch waits half a second, not the
// product's two (a test about the poll itself sets its own).
const quickPoll = { pollingIntervalSeconds: 0.5 };

describe('working a queue', () => {
  it('runs as many jobs of a queue at once as its concurrency, and no more', async () => {
    const concurrency = 3;
    const total = 2 * concurrency;
    let inFlight = 0;
    let mostInFlight = 0;
    let completed = 0;
    // Each run waits until `concurrency` runs are in flight together, so the queue is only drained
    // when the process really runs that many at once; one run at a time never gets past the first.
    let waiting: (() => void)[] = [];
    const perClinic = job(`concurrency-test-${randomUUID()}`, {
      concurrency,
      run: async () => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        if (inFlight === concurrency) {
          for (const release of waiting) release();
          waiting = [];
        } else await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight -= 1;
        completed += 1;
      },
    });
    const runner = createJobRunner(t.deps.database, [perClinic], jobContext(), {}, quickPoll);
    try {
      await runner.start({ work: true });
      const jobs = Array.from({ length: total }, (_, i) => ({ payload: { i }, singletonKey: `clinic-${i}` }));
      expect(await runner.sendMany(perClinic.name, jobs)).toBe(total);
      await expect.poll(() => completed, { interval: 100 }).toBe(total);
      expect(mostInFlight).toBe(concurrency);
      // A run's return and the runner's write of its completion are two steps: the last runs may
      // have returned while their rows are still being marked, so the rows are polled.
      await expect
        .poll(async () => (await jobsIn(perClinic.name)).map((row) => row.state), { interval: 100 })
        .toEqual(Array(total).fill('completed'));
    } finally {
      for (const release of waiting) release();
      await runner.stop();
    }
  });

  it('tells a run that waits for more work when the process stops, and the stop waits for nothing else', async () => {
    let started = false;
    let sawStop = false;
    const watcher = job(`stop-test-${randomUUID()}`, {
      run: async (_data, ctx) => {
        started = true;
        // Waits as a watching run does, until the process stops working its queues.
        await new Promise<void>((resolve) => ctx.stopping?.addEventListener('abort', () => resolve()));
        sawStop = ctx.stopping?.aborted ?? false;
      },
    });
    const runner = createJobRunner(t.deps.database, [watcher], jobContext(), {}, quickPoll);
    await runner.start({ work: true });
    try {
      await runner.send(watcher.name, {});
      await expect.poll(() => started, { interval: 100 }).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(sawStop).toBe(true);
    expect((await jobsIn(watcher.name)).map((row) => row.state)).toEqual(['completed']);
  });

  it('works a backlog batch after batch without waiting out a poll between them', async () => {
    const concurrency = 4;
    const total = 20 * concurrency;
    let finished = 0;
    const perClinic = job(`backlog-test-${randomUUID()}`, {
      concurrency,
      run: async () => {
        finished += 1;
      },
    });
    // The backlog is queued before the worker starts, so its first fetch comes back full. With a
    // one-minute poll, 20 batches fetched a poll apart would take 19 minutes; fetched again as soon
    // as a full batch ends, they are all done long before the poll's 30 s timeout, however slow
    // the machine is.
    const queueing = createJobRunner(t.deps.database, [perClinic], jobContext());
    await queueing.start({ work: false });
    const jobs = Array.from({ length: total }, (_, i) => ({ payload: { i }, singletonKey: `clinic-${i}` }));
    expect(await queueing.sendMany(perClinic.name, jobs)).toBe(total);
    await queueing.stop();
    const runner = createJobRunner(
      t.deps.database,
      [perClinic],
      jobContext(),
      {},
      { pollingIntervalSeconds: 60 },
    );
    try {
      await runner.start({ work: true });
      await expect.poll(() => finished, { interval: 100, timeout: 30_000 }).toBe(total);
    } finally {
      await runner.stop();
    }
  });

  it('settles each job of a batch on its own: a failing run retries, the others complete', async () => {
    const concurrency = 3;
    const runs: number[] = [];
    const perClinic = job(`batch-failure-test-${randomUUID()}`, {
      concurrency,
      retryLimit: 1,
      run: async (data) => {
        const { i } = data as { i: number };
        runs.push(i);
        if (i === 1) throw new Error('this clinic failed');
      },
    });
    const runner = createJobRunner(t.deps.database, [perClinic], jobContext(), {}, quickPoll);
    try {
      await runner.start({ work: true });
      const jobs = Array.from({ length: concurrency }, (_, i) => ({
        payload: { i },
        singletonKey: `clinic-${i}`,
      }));
      await runner.sendMany(perClinic.name, jobs);
      await expect.poll(() => runs.length, { interval: 100 }).toBeGreaterThanOrEqual(concurrency);
      const states = async () =>
        (await jobsIn(perClinic.name)).map((row) => `${row.singleton_key}:${row.state}`).sort();
      await expect
        .poll(states, { interval: 100 })
        .toEqual(['clinic-0:completed', 'clinic-1:retry', 'clinic-2:completed']);
    } finally {
      await runner.stop();
    }
  });

  it('fails a run that passes its limit, so that it retries, and works the next batch meanwhile', async () => {
    const done: number[] = [];
    let hung = 0;
    let toldToStop = false;
    const perClinic = job(`run-limit-test-${randomUUID()}`, {
      concurrency: 2,
      retryLimit: 1,
      maxRunSeconds: 1,
      run: async (data, ctx) => {
        const { i } = data as { i: number };
        if (i === 0) {
          hung += 1;
          ctx.stopping?.addEventListener('abort', () => {
            toldToStop = true;
          });
          // Never ends, as a provider call or a query that is never answered.
          await new Promise<never>(() => {});
        }
        done.push(i);
      },
    });
    const runner = createJobRunner(t.deps.database, [perClinic], jobContext(), {}, quickPoll);
    const clinics = (from: number) =>
      [from, from + 1].map((i) => ({ payload: { i }, singletonKey: `clinic-${i}` }));
    try {
      await runner.start({ work: true });
      await runner.sendMany(perClinic.name, clinics(0));
      await expect.poll(() => hung, { interval: 100 }).toBe(1);
      // Without a limit the batch holding the hung run would wait for it, and these with it.
      await runner.sendMany(perClinic.name, clinics(2));
      await expect.poll(() => [...done].sort(), { interval: 100, timeout: 10_000 }).toEqual([1, 2, 3]);
      expect(toldToStop).toBe(true);
      const states = async () =>
        (await jobsIn(perClinic.name)).map((row) => `${row.singleton_key}:${row.state}`).sort();
      await expect
        .poll(states, { interval: 100 })
        .toEqual(['clinic-0:retry', 'clinic-1:completed', 'clinic-2:completed', 'clinic-3:completed']);
    } finally {
      await runner.stop();
    }
  });

  it('fans out 50 children in one call, and a second run adds none for a key still waiting', async () => {
    const clinicIds = Array.from({ length: 50 }, () => randomUUID());
    const child = job(`fan-out-child-${randomUUID()}`, { onePendingPerKey: true });
    const calls: number[] = [];
    const queuedPerRun: number[] = [];
    const parent = job(`fan-out-parent-${randomUUID()}`, {
      run: async (_data, ctx) => {
        queuedPerRun.push(
          await ctx.sendMany(
            child.name,
            clinicIds.map((clinicId) => ({ payload: { clinicId }, singletonKey: clinicId })),
          ),
        );
      },
    });
    // The children's queue exists and nobody works it: they wait, as a backlog's would.
    await startAndStop([child]);
    const runner: JobRunner = createJobRunner(
      t.deps.database,
      [parent],
      jobContext(async (name, jobs) => {
        calls.push(jobs.length);
        return runner.sendMany(name, jobs);
      }),
      {},
      quickPoll,
    );
    try {
      await runner.start({ work: true });
      await runner.send(parent.name, {});
      await expect.poll(() => queuedPerRun, { interval: 100 }).toEqual([50]);
      expect(calls).toEqual([50]);
      const children = await jobsIn(child.name);
      expect(children.map((row) => row.singleton_key).sort()).toEqual([...clinicIds].sort());

      await runner.send(parent.name, {});
      await expect.poll(() => queuedPerRun, { interval: 100 }).toEqual([50, 0]);
      expect(calls).toEqual([50, 50]);
      expect(await jobsIn(child.name)).toHaveLength(50);
    } finally {
      await runner.stop();
    }
  });
});
