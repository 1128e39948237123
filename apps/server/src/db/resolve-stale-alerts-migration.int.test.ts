import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { buildCase } from '../testing/build-case';
import { buildPatientRow } from '../testing/build-review';
import { buildClinic } from '../testing/build-user';
import { migrationStatements } from '../testing/migration-statements';
import { createTestApp, type TestApp } from '../testing/test-app';
import { alerts, patients } from './schema';

// The migration's statements change every clinic's alerts: on a database of this file's own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
});
afterAll(async () => {
  await t?.close();
});

const statements = migrationStatements('0056_resolve_alerts_of_finished_cases.sql');

describe('migration 0056: reply alerts of cases finished before alerts ended with them', () => {
  it('ends the alerts of a patient whose reply case is finished, at its time, and marks the patient for the risk backfill; an open case keeps its alert', async () => {
    expect(statements).toHaveLength(2);
    const { clinicId } = await buildClinic(t);
    const wonBack = await buildPatientRow(t, clinicId, 'Lucía Gómez');
    const waiting = await buildPatientRow(t, clinicId, 'Ayşe Yılmaz');
    const resolvedAt = new Date('2026-11-20T10:00:00Z');
    await buildCase(t, { clinicId, source: 'alert', patientId: wonBack.id, status: 'resolved', resolvedAt });
    await buildCase(t, { clinicId, source: 'alert', patientId: waiting.id, status: 'in_progress' });
    const alertOf = async (patientId: string) => {
      const id = newId('alr');
      await t.db.insert(alerts).values({
        id,
        clinicId,
        patientId,
        severity: 'high',
        kind: 'clinical_reply',
        message: 'tengo fiebre',
        status: 'active',
        createdAt: new Date('2026-11-19T10:00:00Z'),
      });
      return id;
    };
    const stale = await alertOf(wonBack.id);
    const current = await alertOf(waiting.id);

    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const [ended] = await t.db.select().from(alerts).where(eq(alerts.id, stale));
    expect(ended).toMatchObject({ status: 'resolved', resolvedAt });
    const [open] = await t.db.select().from(alerts).where(eq(alerts.id, current));
    expect(open).toMatchObject({ status: 'active', resolvedAt: null });
    const computed = async (id: string) =>
      (await t.db.select({ at: patients.riskComputedAt }).from(patients).where(eq(patients.id, id)))[0]!.at;
    expect(await computed(wonBack.id)).toBeNull();
    expect(await computed(waiting.id)).not.toBeNull();
  });
});
