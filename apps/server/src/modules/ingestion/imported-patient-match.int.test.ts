import { procedureDateOf } from '@careloop/domain/procedure-date';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients, reviews } from '../../db/schema';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ingestClinicReviews } from './ingestion.service';

// A Spanish clinic imports its patient list from Excel, then connects Trustpilot. A patient's
// procedure date is the file's date or, when the file has none, the day of the import: reviews the
// patient wrote before that day fall outside the matching window.

let t: TestApp;
let sandboxes: ReviewSandboxes;
beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayFirst = (date: Date) => isoDay(date).split('-').reverse().join('/');

async function spanishClinic() {
  const clinic = await buildClinic(t);
  await t.db
    .update(clinics)
    .set({ country: 'ES', timeZone: 'Europe/Madrid', defaultLanguage: 'es' })
    .where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

async function importFile(cookie: string, lines: string[]) {
  const file = iconv.encode(lines.join('\r\n'), 'windows-1252');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients/import',
    headers: jsonHeaders({ cookie }),
    payload: { file: Buffer.from(file).toString('base64') },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function ingestedReview(clinicId: string) {
  expect(await ingestClinicReviews(t.deps, clinicId)).toEqual({ ok: true, importedCount: 1 });
  const [row] = await t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId));
  return row!;
}

const matchDetail = (cookie: string, reviewId: string) =>
  t.app.inject({ method: 'GET', url: `/api/review-matches/${reviewId}`, headers: { cookie } });

describe('a review by an imported patient', () => {
  it('matches "Ramón Martínez" when the file dates his treatment before the review', async () => {
    const clinic = await spanishClinic();
    const treated = dayFirst(new Date(Date.now() - 40 * dayMs));
    await importFile(clinic.owner.cookie, [
      'Nombre;Apellidos;Teléfono;Fecha tratamiento;Tratamiento',
      `Ramón;Martínez;612 34 56 78;${treated};Implante dental`,
    ]);
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'Ramón Martínez', language: 'es', text: 'Muy contento.', daysAgo: 20 }),
    ]);
    const review = await ingestedReview(clinic.clinicId);
    const [ramon] = await t.db.select().from(patients).where(eq(patients.clinicId, clinic.clinicId));
    expect(review).toMatchObject({ matchStatus: 'matched', patientId: ramon!.id });
  });

  it('offers "Ramón Martínez" to staff, not 0 %, when the import (no date column) postdates his review', async () => {
    const clinic = await spanishClinic();
    const other = await spanishClinic();
    await importFile(clinic.owner.cookie, [
      'Nombre;Apellidos;Teléfono;Tratamiento',
      'Ramón;Martínez;612 34 56 78;Implante dental',
      'Ramón;Ortega Gil;699 11 22 33;Implante dental',
    ]);
    const [ramon] = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.name, 'Ramón Martínez')));
    // The cause: with no date in the file the procedure date is the import day, after the review:
    // the day in Madrid, which is already tomorrow in UTC's last hour.
    expect(procedureDateOf(ramon!.procedureDate!, 'Europe/Madrid')).toBe(
      procedureDateOf(new Date(), 'Europe/Madrid'),
    );
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'Ramón Martínez', language: 'es', text: 'Muy contento.', daysAgo: 20 }),
    ]);

    const review = await ingestedReview(clinic.clinicId);
    expect(review).toMatchObject({ matchStatus: 'unmatched', patientId: null });
    expect(review.matchConfidence).toBeGreaterThan(0);
    expect(review.matchConfidence).toBeLessThanOrEqual(0.5);

    const detail = await matchDetail(clinic.owner.cookie, review.id);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      matchStatus: 'unmatched',
      patient: null,
      decidedBy: 'engine',
      needsReview: true,
      candidates: [{ id: ramon!.id, name: 'Ramón Martínez' }],
    });
    expect([...detail.json().evidence].sort()).toEqual([
      'before_procedure',
      'given_name',
      'surname',
      'whole_name',
    ]);
    // Another clinic's staff see nothing of it.
    expect((await matchDetail(other.owner.cookie, review.id)).statusCode).toBe(404);
  });

  it('asks nothing when only the first name agrees outside the window', async () => {
    const clinic = await spanishClinic();
    await importFile(clinic.owner.cookie, ['Nombre;Apellidos;Teléfono', 'Ramón;Martínez;612 34 56 78']);
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'Ramón', language: 'es', text: 'Muy contento.', daysAgo: 20 }),
    ]);
    const review = await ingestedReview(clinic.clinicId);
    expect(review).toMatchObject({ matchStatus: 'unmatched', matchConfidence: 0 });
    const detail = (await matchDetail(clinic.owner.cookie, review.id)).json();
    expect(detail).toMatchObject({ needsReview: false, candidates: [], evidence: [] });
  });
});
