import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { createTestApp, type TestApp } from '../testing/test-app';
import { preparedRows, preparedSql } from './prepared';
import { clinics } from './schema';

// Prepared statements run straight on the driver (drizzle-driver-run.ts): the rows must be the
// ones Drizzle's own execute gives, on PGlite and on PostgreSQL, and a transaction's statement must
// run on the transaction's connection.

const observed: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ observeQuery: (text) => observed.push(text) });
});
afterAll(async () => {
  await t?.close();
});

// Every kind of value the prepared statements of the app return, with a placeholder.
const typedValues = () => sql`
  select ${sql.placeholder('n')}::int as int,
         12345678901::bigint as big,
         1.25::numeric as num,
         2.5::float8 as float,
         '2026-03-29T01:30:00.123Z'::timestamptz as at,
         '2026-03-29 01:30:00'::timestamp as local_at,
         '2026-03-29'::date as day,
         interval '1 day 2 hours' as span,
         array['2026-03-29'::date] as days,
         array[1.5::numeric] as nums,
         json_build_object('a', 1, 'at', now() - now()) as doc,
         array[1, 2] as ints,
         true as flag,
         'text' as word,
         null::text as nothing`;

describe('prepared statements run on the driver', () => {
  it('give the rows Drizzle itself gives, for every kind of value', async () => {
    const direct = await preparedSql<Record<string, unknown>>(
      t.db,
      'prepared_test_types',
      typedValues,
    ).execute({
      n: 7,
    });
    const drizzleOwn = (await t.db._.session
      .prepareQuery(new PgDialect().sqlToQuery(typedValues()), undefined, 'prepared_test_types_own', false)
      .execute({ n: 7 })) as { rows: Record<string, unknown>[] };
    expect(direct).toEqual(drizzleOwn.rows);
    expect(direct[0]).toMatchObject({ int: 7, at: expect.any(String), day: '2026-03-29', flag: true });
  });

  it('are seen by the query observer (the EXPLAIN test reads them there)', async () => {
    observed.length = 0;
    await preparedSql(t.db, 'prepared_test_types', typedValues).execute({ n: 1 });
    expect(observed).toHaveLength(1);
    expect(observed[0]).toContain('12345678901::bigint');
  });

  it("run inside a transaction on the transaction's connection", async () => {
    const id = newId('cln');
    const byId = () =>
      preparedRows<{ name: string }>(t.db, 'prepared_test_clinic', () =>
        t.db
          .select({ name: clinics.name })
          .from(clinics)
          .where(sql`${clinics.id} = ${sql.placeholder('id')}`),
      );
    const rollback = new Error('roll back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(clinics).values({ id, name: 'Uncommitted Clinic' });
        const seen = await preparedRows<{ name: string }>(tx, 'prepared_test_clinic', () =>
          tx
            .select({ name: clinics.name })
            .from(clinics)
            .where(sql`${clinics.id} = ${sql.placeholder('id')}`),
        ).execute({ id });
        expect(seen).toEqual([{ name: 'Uncommitted Clinic' }]);
        // Outside the transaction (another connection, or PGlite's queue after it): not there yet.
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await byId().execute({ id })).toEqual([]);
  });

  it('tell a bad value apart and change nothing (the driver refuses it)', async () => {
    await expect(
      preparedSql(t.db, 'prepared_test_types', typedValues).execute({ n: 'not a number' }),
    ).rejects.toThrow();
    // The statement still works afterwards on the same handle.
    expect(
      await preparedSql<{ int: number }>(t.db, 'prepared_test_types', typedValues).execute({ n: 2 }),
    ).toMatchObject([{ int: 2 }]);
  });
});
