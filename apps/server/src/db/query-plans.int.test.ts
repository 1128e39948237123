import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { buildClinic } from '../testing/build-user';
import { seedVolume } from '../testing/seed-volume';
import { createTestApp, type TestApp } from '../testing/test-app';
import { executeRows } from './execute-rows';

// Every statement the signed-in read endpoints run is EXPLAINed on a database where the caller's clinic
// is a small part of each tenant table: a Seq Scan of a tenant table there means the statement reads
// every clinic's rows. The statements are the ones the endpoints really ran (a query observer), so a
// new query behind one of these endpoints is checked without touching this file.

const statements: { sql: string; params: unknown[] }[] = [];
let recording = false;
let t: TestApp;
let cookie: string;
let clinicId: string;
let crowdCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    observeQuery: (text, params) => {
      if (recording) statements.push({ sql: text, params });
    },
  });
  // Enterprise, so that the compliance reads answer too.
  const built = await buildClinic(t, { tier: 'enterprise' });
  cookie = built.owner.cookie;
  clinicId = built.clinicId;
  const crowd = await buildClinic(t, { tier: 'enterprise' });
  crowdCookie = crowd.owner.cookie;
  await seedVolume(t.db, crowd.clinicId, 4000, newId('vol'));
  await seedVolume(t.db, clinicId, 60, newId('vol'));
  await t.db.execute(sql`analyze`);
});
afterAll(async () => {
  await t?.close();
});

let caller = '';
async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: caller } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** The first page and, through its cursor, the second (the keyset condition is a statement of its own). */
async function twoPages(url: string) {
  const first = await get(url);
  const cursor = (first.nextCursor ?? first.next_cursor) as string | null | undefined;
  expect(cursor, `${url} has a second page`).toBeTruthy();
  await get(`${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor!)}`);
}

/** Tables with a clinic_id column that hold enough rows for a scan to matter (the seeded ones). */
async function crowdedTenantTables() {
  const rows = await executeRows<{ table_name: string }>(
    t.db,
    sql`select c.table_name from information_schema.columns c
        join pg_class p on p.relname = c.table_name and p.relnamespace = 'public'::regnamespace
        where c.column_name = 'clinic_id' and c.table_schema = 'public' and p.reltuples >= 1000`,
  );
  return new Set(rows.map((r) => r.table_name));
}

async function explain(statement: { sql: string; params: unknown[] }): Promise<string> {
  const handle = t.deps.database;
  const text = `explain ${statement.sql}`;
  if (handle.pool) {
    const result = await handle.pool.query(text, statement.params as unknown[]);
    return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  }
  const result = await handle.pglite!.query<Record<string, string>>(text, statement.params as unknown[]);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Calls every signed-in read the web app makes, with its searches, filters and second pages. */
async function readEverything() {
  const patients = (await get('/api/patients?limit=20')).patients as { id: string }[];
  const patientId = patients[0]!.id;
  await twoPages('/api/patients?limit=20');
  await twoPages('/api/patients?limit=5&status=watch');
  await get('/api/patients?limit=20&q=patient%2017');
  await get('/api/patients?limit=20&q=%2B34%2061');
  await get(`/api/patients/${encodeURIComponent(patientId)}`);
  await get(`/api/patients/${patientId}/timeline`);
  await get(`/api/patients/${patientId}/aliases`);
  const reviews = (await get('/api/reviews?limit=20')).reviews as { id: string }[];
  await twoPages('/api/reviews?limit=20');
  await twoPages('/api/reviews?limit=5&rating=1');
  await twoPages('/api/reviews?limit=5&matchStatus=matched');
  await get(`/api/reviews/${reviews[0]!.id}`);
  await get('/api/reviews/summary');
  const cases = (await get('/api/cases?limit=20')).cases as { id: string }[];
  await twoPages('/api/cases?limit=20');
  await twoPages('/api/cases?limit=5&status=open');
  await get(`/api/cases/${cases[0]!.id}`);
  await get('/api/cases/summary');
  await get('/api/clinic-members');
  await get('/api/dashboard/summary');
  await get('/api/usage');
  await get('/api/testing-checklist');
  await get('/api/monitoring');
  await twoPages('/api/compliance/audit-log');
  await get('/api/compliance/audit-log?action=patient_viewed');
  await get('/api/compliance/summary');
  await get('/api/compliance/retention');
  await get('/api/compliance/baa-requests');
  await twoPages('/api/conversations/sent');
  await twoPages('/api/conversations/sent?channel=sms');
  await get('/api/conversations/sent?q=feeling%2C%20patient%2017');
  await get(`/api/conversations/sent?patientId=${patientId}`);
  await twoPages('/api/conversations/received');
  await twoPages('/api/conversations/received?channel=whatsapp');
  await get('/api/conversations/received?q=thank%20you%2017');
  await get(`/api/conversations/received?patientId=${patientId}`);
  await get('/api/me');
  await get('/api/team');
  await get('/api/templates');
  await get('/api/onboarding');
  await get('/api/settings');
  await get('/api/automation/settings');
}

async function recordReads(asCookie: string) {
  statements.length = 0;
  caller = asCookie;
  recording = true;
  try {
    await readEverything();
  } finally {
    recording = false;
  }
  const reads = statements.filter((s) => /^\s*(select|with)\b/i.test(s.sql));
  expect(reads.length).toBeGreaterThan(30);
  return reads;
}

describe('query plans of the signed-in reads', () => {
  it('never scan a whole tenant table for a small clinic among large ones', async () => {
    const reads = await recordReads(cookie);
    const tables = await crowdedTenantTables();
    for (const seeded of ['patients', 'reviews', 'cases', 'case_notes', 'alerts', 'clinic_users'])
      expect(tables).toContain(seeded);
    for (const seeded of ['patient_communications', 'webhook_logs']) expect(tables).toContain(seeded);
    const scans: string[] = [];
    for (const statement of reads) {
      const plan = await explain(statement);
      for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) {
        if (tables.has(match[1]!)) scans.push(`${match[1]}: ${statement.sql}\n${plan}`);
      }
    }
    expect(scans).toEqual([]);
  });

  it('read a page of a large clinic in index order: no scan of the table, no sort of the clinic', async () => {
    const reads = await recordReads(crowdCookie);
    const tables = await crowdedTenantTables();
    const offenders: string[] = [];
    // A search reads the clinic's own rows until a page is found (no trigram index: see ADR 004); the
    // first test shows it never reads another clinic's.
    const pages = reads.filter((s) => /\blimit \$\d+\s*$/i.test(s.sql) && !/\bilike\b/i.test(s.sql));
    expect(pages.length).toBeGreaterThan(15);
    for (const statement of pages) {
      const plan = await explain(statement);
      const seqScan = [...plan.matchAll(/Seq Scan on (\w+)/g)].some((m) => tables.has(m[1]!));
      const bigSort = [...plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g)].some((m) => Number(m[1]) > 200);
      if (seqScan || bigSort) offenders.push(`${statement.sql}\n${plan}`);
    }
    expect(offenders).toEqual([]);
  });
});
