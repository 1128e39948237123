import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlannerStatisticsJob } from '../jobs/refresh-planner-statistics.job';
import { buildClinic, jsonHeaders } from '../testing/build-user';
import { seedVolume } from '../testing/seed-volume';
import { createTestApp, type TestApp } from '../testing/test-app';
import { plannedRowCount } from './planner-statistics';

// PGlite has no autovacuum: without an explicit ANALYZE the planner keeps believing a table is as
// small as it was, and plans lists as scans. (On a PostgreSQL with autovacuum these can pass anyway.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowCount = async (table: string) =>
  Number(
    (
      (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('planner statistics', () => {
  it('a CSV import refreshes the statistics of patients', async () => {
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    const lines = ['name,phone'];
    for (let i = 0; i < 1500; i += 1) lines.push(`Patient ${i},+1415556${String(i).padStart(4, '0')}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/import',
      headers: { ...jsonHeaders({ cookie: owner.cookie }), 'content-type': 'text/csv' },
      payload: lines.join('\n'),
    });
    expect(res.json()).toMatchObject({ inserted: 1500 });
    expect(await plannedRowCount(t.db, 'patients')).toBeGreaterThanOrEqual(1500);
    expect(Math.abs((await plannedRowCount(t.db, 'patients')) - (await rowCount('patients')))).toBeLessThan(
      200,
    );
  });

  it('the scheduled job refreshes every table', async () => {
    const { clinicId } = await buildClinic(t);
    await seedVolume(t.db, clinicId, 1200, `ps-${clinicId}`);
    const log = { info: () => {}, error: () => {} };
    await refreshPlannerStatisticsJob.handle({}, { db: t.db, log } as never);
    for (const table of ['reviews', 'cases', 'webhook_logs']) {
      expect(await plannedRowCount(t.db, table)).toBeGreaterThanOrEqual(1200);
    }
    expect(refreshPlannerStatisticsJob.schedule?.cron).toBeTruthy();
  });
});
