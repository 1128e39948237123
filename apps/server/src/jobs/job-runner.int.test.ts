import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RunnableJob } from './job-definition';
import { createJobRunner } from './job-runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const silentLog = { info: () => {}, error: () => {} };

async function startAndStop(definitions: RunnableJob[]) {
  const { deps } = t;
  const runner = createJobRunner(deps.database, definitions, {
    db: deps.db,
    log: silentLog,
    config: deps.config,
    secretBox: deps.secretBox,
    mailer: deps.mailer,
    unsubscribeTokens: deps.unsubscribeTokens,
    surveyLinkTokens: deps.surveyLinkTokens,
    send: async () => null,
  });
  await runner.start({ work: false });
  await runner.stop();
}

async function scheduleRow(name: string) {
  const result = (await t.db.execute(
    sql`select cron, timezone, updated_on::text as updated_on from pgboss.schedule where name = ${name}`,
  )) as unknown as { rows: { cron: string; timezone: string; updated_on: string }[] };
  return result.rows[0];
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
