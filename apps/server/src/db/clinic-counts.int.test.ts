import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCase } from '../testing/build-case';
import { buildPatientRow, buildReview } from '../testing/build-review';
import { buildClinic, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { averageRating, type ClinicCounts, readClinicCounts } from './clinic-counts';
import { executeRows } from './execute-rows';
import { cases, clinics, patients, reviews } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type CountRow = { clinic_id: string; counter: string; value: number };
const sorted = (rows: CountRow[]) =>
  rows
    .map((r) => `${r.clinic_id} ${r.counter} ${Number(r.value)}`)
    .filter((line) => !line.endsWith(' 0'))
    .sort();

/** The kept counts of these clinics, and the same counts taken from the tables now. */
async function keptAndCounted(clinicIds: string[]) {
  const ids = sql.join(
    clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const kept = await executeRows<CountRow>(
    t.db,
    sql`select clinic_id, counter, value from clinic_counts where clinic_id in (${ids})`,
  );
  const counted = await executeRows<CountRow>(
    t.db,
    sql`select * from (
          select * from counted_from_tables('patients')
          union all select * from counted_from_tables('reviews')
          union all select * from counted_from_tables('cases')
        ) c where clinic_id in (${ids})`,
  );
  return { kept: sorted(kept), counted: sorted(counted) };
}

const call = (cookie: string, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload: payload as object });

describe('kept clinic counts (ADR 009)', () => {
  it('equal a count of the tables after every kind of write, per clinic', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const both = [a.clinicId, b.clinicId];
    const expectInStep = async (step: string) => {
      const { kept, counted } = await keptAndCounted(both);
      expect(kept, step).toEqual(counted);
    };

    // Patients: one by one through the API, an import of many in one statement, status changes.
    const created = await call(a.owner.cookie, 'POST', '/api/patients', {
      name: 'Ana Ruiz',
      phone: '+34611000001',
    });
    expect(created.statusCode).toBe(201);
    await call(b.owner.cookie, 'POST', '/api/patients', { name: 'Bo Li', phone: '+34611000002' });
    const csv = ['name,phone', ...Array.from({ length: 40 }, (_, i) => `Imported ${i},+1415555${1000 + i}`)];
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/patients/import',
      headers: { ...jsonHeaders({ cookie: a.owner.cookie }), 'content-type': 'text/csv' },
      payload: csv.join('\r\n'),
    });
    expect(imported.json()).toMatchObject({ inserted: 40 });
    await expectInStep('patients created and imported');
    await call(a.owner.cookie, 'PATCH', `/api/patients/${created.json().id}`, { status: 'watch' });
    await t.db
      .update(patients)
      .set({ status: 'completed' })
      .where(and(eq(patients.clinicId, a.clinicId), sql`${patients.name} like 'Imported 1%'`));
    await expectInStep('patient statuses changed, one and many');

    // Reviews: ratings, a match, a deletion.
    const low = await buildReview(t, { clinicId: a.clinicId, rating: 2 });
    await buildReview(t, { clinicId: a.clinicId, rating: 5 });
    await buildReview(t, { clinicId: b.clinicId, rating: 3, patientName: 'Cem Kaya' });
    const patient = await buildPatientRow(t, a.clinicId, 'Dana Gil');
    await t.db
      .update(reviews)
      .set({ patientId: patient.id, matchStatus: 'matched', rating: 1 })
      .where(and(eq(reviews.clinicId, a.clinicId), eq(reviews.id, low.review.id)));
    await expectInStep('reviews added and one matched and re-rated');

    // Cases: opened through the API and from a review, started, resolved; a case deleted.
    const opened = await call(a.owner.cookie, 'POST', '/api/cases', { title: 'Call back', severity: 'high' });
    expect(opened.statusCode).toBe(201);
    const fromReview = await call(a.owner.cookie, 'POST', `/api/reviews/${low.review.id}/case`, {});
    expect(fromReview.statusCode).toBeLessThan(300);
    await call(a.owner.cookie, 'PATCH', `/api/cases/${opened.json().id}`, { action: 'start' });
    await expectInStep('cases opened and started');
    await call(a.owner.cookie, 'PATCH', `/api/cases/${opened.json().id}`, { action: 'resolve' });
    const doomed = await buildCase(t, { clinicId: b.clinicId, severity: 'high' });
    await t.db.delete(cases).where(and(eq(cases.clinicId, b.clinicId), eq(cases.id, doomed.case.id)));
    await expectInStep('a case resolved, another deleted');

    // Deletions of many rows, and a whole clinic with everything it holds.
    await t.db.delete(reviews).where(eq(reviews.clinicId, a.clinicId));
    await t.db
      .delete(patients)
      .where(and(eq(patients.clinicId, a.clinicId), sql`${patients.name} like 'Imported 2%'`));
    await expectInStep('reviews and patients deleted');
    await t.db.delete(clinics).where(inArray(clinics.id, [b.clinicId]));
    const { kept } = await keptAndCounted([b.clinicId]);
    expect(kept).toEqual([]);
    await expectInStep('clinic deleted');
  });

  it('change with their transaction: a rolled-back write leaves them as they were', async () => {
    const { clinicId } = await buildClinic(t);
    await buildPatientRow(t, clinicId, 'Ana Ruiz');
    const before = await readClinicCounts(t.db, clinicId);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(patients).values({ clinicId, id: 'P-rolled-back', name: 'Never Stored' });
        await tx.update(patients).set({ status: 'red' }).where(eq(patients.clinicId, clinicId));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await readClinicCounts(t.db, clinicId)).toEqual(before);
    expect(before).toMatchObject({ patients_total: 1, patients_active: 1, patients_red: 0 });
  });

  it('read as zeros for a clinic with nothing yet', async () => {
    const { clinicId } = await buildClinic(t);
    const counts = await readClinicCounts(t.db, clinicId);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(averageRating(counts)).toBeNull();
  });
});

describe('averageRating', () => {
  it('rounds as PostgreSQL rounds avg(rating) to one decimal, half up', async () => {
    const cases: [number, number][] = [];
    for (let n = 1; n <= 40; n += 1) for (let sum = n; sum <= 5 * n; sum += 1) cases.push([sum, n]);
    const values = sql.join(
      cases.map(([sum, n]) => sql`(${sum}::int, ${n}::int)`),
      sql`, `,
    );
    const rows = await executeRows<{ sum: number; n: number; average: number }>(
      t.db,
      sql`select s as sum, n, round(s::numeric / n, 1)::float8 as average from (values ${values}) v(s, n)`,
    );
    const wrong = rows.filter(
      (r) => averageRating({ reviews_total: r.n, reviews_rating_sum: r.sum } as ClinicCounts) !== r.average,
    );
    expect(rows).toHaveLength(cases.length);
    expect(wrong).toEqual([]);
  });
});
