import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { createTestApp, type TestApp } from '../testing/test-app';
import { prepareUnmapped } from './drizzle-driver-run';
import { clinics } from './schema';

// The contract with Drizzle's private fields (drizzle-driver-run.ts): on the Drizzle release that
// renames them or changes what its execute sends the driver, these fail, on whichever database runs them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const clinicByName = () =>
  t.db
    .select({ id: clinics.id, name: clinics.name, createdAt: clinics.createdAt })
    .from(clinics)
    .where(sql`${clinics.name} = ${sql.placeholder('name')} and ${clinics.id} <> ${'cln_none'}`);

describe("Drizzle's prepared statement run straight on the driver", () => {
  it("finds Drizzle's private fields on this driver (else it runs through Drizzle's execute, slower)", () => {
    expect(prepareUnmapped(t.db, 'contract_clinic_by_name', clinicByName().getSQL()).direct).toBe(true);
  });

  it("sends the driver the SQL and parameters of Drizzle's own toSQL()", () => {
    const statement = prepareUnmapped(t.db, 'contract_clinic_by_name', clinicByName().getSQL());
    const own = clinicByName().toSQL();
    const values = { name: 'Contract Clinic' };
    expect(statement.sentToDriver(values)).toEqual({
      text: own.sql,
      params: fillPlaceholders(own.params, values),
    });
    expect(statement.sentToDriver(values)?.params).toEqual(['Contract Clinic', 'cln_none']);
  });

  it("answers the rows Drizzle's own execute of the same prepared statement answers", async () => {
    // A name of this run's own: the shared PostgreSQL test database keeps earlier runs' clinics.
    const id = newId('cln');
    const name = `Contract Clinic ${id}`;
    await t.db.insert(clinics).values({ id, name });
    const query = clinicByName().getSQL();
    const direct = await prepareUnmapped(t.db, 'contract_clinic_rows', query).run({ name });
    const own = (await t.db._.session
      .prepareQuery(
        new PgDialect({ casing: 'snake_case' }).sqlToQuery(query),
        undefined,
        'contract_clinic_rows_own',
        false,
      )
      .execute({ name })) as { rows: unknown[] };
    expect(direct.rows).toEqual(own.rows);
    expect(direct.rows).toEqual([{ id, name, created_at: expect.anything() }]);
  });
});
