import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { buildCase } from '../testing/build-case';
import { buildReview } from '../testing/build-review';
import { buildClinic } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { executeRows } from './execute-rows';
import { alerts, cases, patients, reviews } from './schema';

// Reviews, cases and alerts keep their patient's procedure (the analytics read it with the row):
// after every kind of change, the kept value equals a recount from the patients.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const patientIn = async (clinicId: string, procedure: string | null) => {
  const id = `P-${randomBytes(5).toString('hex')}`;
  await t.db.insert(patients).values({ clinicId, id, name: 'Ana Ruiz', procedure });
  return id;
};

const outOfStep = (clinicId: string) =>
  executeRows<{ table_name: string; id: string }>(
    t.db,
    sql`select table_name, id from patient_procedures_out_of_step() where clinic_id = ${clinicId}`,
  );

const keptOf = async (clinicId: string) => {
  const rows = await executeRows<{ kind: string; procedure: string | null }>(
    t.db,
    sql`select 'review' as kind, patient_procedure as procedure from reviews where clinic_id = ${clinicId}
        union all select 'case', patient_procedure from cases where clinic_id = ${clinicId}
        union all select 'alert', patient_procedure from alerts where clinic_id = ${clinicId}`,
  );
  return rows.map((row) => `${row.kind}:${row.procedure}`).sort();
};

describe('kept patient procedures', () => {
  it('follow inserts, a procedure change, a re-match, an unmatch and a direct write; a rollback leaves them', async () => {
    const { clinicId } = await buildClinic(t);
    const ana = await patientIn(clinicId, 'Dental Implant');
    const bo = await patientIn(clinicId, 'Hair Transplant');
    const { review } = await buildReview(t, { clinicId, rating: 2, patientId: ana });
    await buildReview(t, { clinicId, rating: 1 });
    await buildCase(t, { clinicId, patientId: ana, severity: 'high' });
    await buildCase(t, { clinicId, patientId: null, severity: 'low' });
    await t.db
      .insert(alerts)
      .values({ clinicId, id: newId('alr'), patientId: bo, severity: 'medium', kind: 'negative_reply' });
    expect(await keptOf(clinicId)).toEqual([
      'alert:Hair Transplant',
      'case:Dental Implant',
      'case:null',
      'review:Dental Implant',
      'review:null',
    ]);

    // The procedure changes for both patients in one statement.
    await t.db
      .update(patients)
      .set({ procedure: sql`case when ${patients.id} = ${ana} then 'PRP Treatment' else null end` })
      .where(eq(patients.clinicId, clinicId));
    expect(await keptOf(clinicId)).toEqual([
      'alert:null',
      'case:PRP Treatment',
      'case:null',
      'review:PRP Treatment',
      'review:null',
    ]);

    // The review is matched to Bo, then unmatched; a direct write is put back to the truth.
    const reviewRow = and(eq(reviews.clinicId, clinicId), eq(reviews.id, review.id));
    await t.db.update(patients).set({ procedure: 'Teeth Whitening' }).where(eq(patients.id, bo));
    await t.db.update(reviews).set({ patientId: bo }).where(reviewRow);
    expect(await keptOf(clinicId)).toContain('review:Teeth Whitening');
    await t.db.update(reviews).set({ patientId: null }).where(reviewRow);
    await t.db.update(cases).set({ patientProcedure: 'Wrong' }).where(eq(cases.clinicId, clinicId));
    expect(await keptOf(clinicId)).toEqual([
      'alert:Teeth Whitening',
      'case:PRP Treatment',
      'case:null',
      'review:null',
      'review:null',
    ]);

    // A rolled-back change leaves the kept values as they were.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(patients).set({ procedure: 'Rolled Back' }).where(eq(patients.clinicId, clinicId));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outOfStep(clinicId)).toEqual([]);
    expect(await keptOf(clinicId)).not.toContain('case:Rolled Back');
  });

  it('equal a recount in a clinic with many rows changed at once', async () => {
    const { clinicId } = await buildClinic(t);
    const ids = await Promise.all(
      ['Dental Implant', 'Hair Transplant', null, 'PRP Treatment'].map((p) => patientIn(clinicId, p)),
    );
    for (const [index, patientId] of ids.entries()) {
      await buildReview(t, { clinicId, rating: 1 + index, patientId });
      await buildCase(t, { clinicId, patientId, severity: 'low' });
    }
    await t.db
      .update(patients)
      .set({ procedure: sql`coalesce(${patients.procedure}, 'Botox') || ' (2026)'` })
      .where(eq(patients.clinicId, clinicId));
    expect(await outOfStep(clinicId)).toEqual([]);
    expect(await keptOf(clinicId)).toContain('review:Botox (2026)');
  });
});
