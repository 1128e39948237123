import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';
import { buildClinic, jsonHeaders, type SignedInUser } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { maxJsonDepth } from './json-body-depth';

/** `{"k":[{"k":[ ... ]}]}` nested `levels` deep: JSON.parse takes it, a recursive walk does not. */
const deepBody = (levels: number, key: string) => {
  const open: string[] = [];
  for (let i = 0; i < levels; i++) open.push(i % 2 === 0 ? `{"${key}":` : '[');
  const close = open.map((part) => (part === '[' ? ']' : '}')).reverse();
  return `${open.join('')}1${close.join('')}`;
};

/**
 * Row counts of every table but the rate-limit counters (a refused request still counts as a hit):
 * an unauthenticated route stores nothing of a clinic, so the whole database is compared.
 */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await executeRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
        order by table_name`,
  );
  const parts = tables.map(
    (row) => sql`select ${row.table_name} as name, count(*)::int as n from ${sql.identifier(row.table_name)}`,
  );
  const counts = await executeRows<{ name: string; n: number }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(counts.map((row) => [row.name, Number(row.n)]));
}

describe('JSON bodies nested deeper than the limit', () => {
  let t: TestApp;
  let clinic: { clinicId: string; owner: SignedInUser };

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  const routes: Array<[string, boolean]> = [
    ['/api/log-error', false],
    ['/api/log-user-action', false],
    ['/api/log-performance', false],
    ['/api/auth/sign-in/email', false],
    ['/api/public-forms/contact', false],
    ['/api/enterprise-contact-requests', false],
    ['/api/patients', true],
    ['/api/cases', true],
  ];

  it.each(routes)(
    'POST %s with a body 5,000 levels deep answers 400 and stores nothing',
    async (url, signedIn) => {
      const before = await rowCounts(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: jsonHeaders(signedIn ? { cookie: clinic.owner.cookie } : {}),
        payload: deepBody(5_000, 'email'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'BODY_TOO_DEEP',
        message: `JSON nested deeper than ${maxJsonDepth} levels`,
      });
      expect(await rowCounts(t.db)).toEqual(before);
    },
  );

  it('takes a body exactly at the limit, and counts brackets inside strings as text', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/log-user-action', headers: jsonHeaders(), payload });
    // The body object is level 1, `context` level 2: its value may nest the rest.
    const atLimit = await post(
      `{"action":"opened_page","context":{"deep":${deepBody(maxJsonDepth - 2, 'x')}}}`,
    );
    expect(atLimit.statusCode, atLimit.body).toBe(202);
    const overLimit = await post(
      `{"action":"opened_page","context":{"deep":${deepBody(maxJsonDepth - 1, 'x')}}}`,
    );
    expect(overLimit.statusCode, overLimit.body).toBe(400);
    expect(overLimit.json().error.code).toBe('BODY_TOO_DEEP');

    const bracketsInText = await post(
      JSON.stringify({ action: 'opened_page', context: { note: `${'[{'.repeat(200)} "\\" ]` } }),
    );
    expect(bracketsInText.statusCode, bracketsInText.body).toBe(202);
  });
});
