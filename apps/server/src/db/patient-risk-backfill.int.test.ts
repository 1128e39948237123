import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPatientRiskJob } from '../jobs/backfill-patient-risk.job';
import type { JobContext } from '../jobs/job-definition';
import { newId } from '../lib/ids';
import { buildCase } from '../testing/build-case';
import { buildSentSurvey } from '../testing/build-survey';
import { buildClinic } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { alerts, patients } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const jobContext = (): JobContext => ({
  db: t.db,
  config: t.config,
  secretBox: t.deps.secretBox,
  mailer: t.deps.mailer,
  unsubscribeTokens: t.deps.unsubscribeTokens,
  surveyLinkTokens: t.deps.surveyLinkTokens,
  log: pino({ level: 'silent' }),
  sendMany: async () => 0,
});

/** A patient as one created before risk levels existed is stored: low, no reasons, never computed. */
async function oldPatient(clinicId: string, name: string, procedure: string | null) {
  const id = `P-${randomBytes(5).toString('hex')}`;
  await t.db.insert(patients).values({ clinicId, id, name, procedure, riskComputedAt: null });
  return id;
}

const listByRisk = (cookie: string, risk: string) =>
  t.app.inject({ method: 'GET', url: `/api/patients?risk=${risk}`, headers: { cookie } });

describe('backfill-patient-risk job', () => {
  it('is scheduled every 5 minutes', () => {
    expect(backfillPatientRiskJob.schedule).toEqual({ cron: '*/5 * * * *' });
  });

  it("computes old patients' risk with the events' rules, once, and the list shows it", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    const ana = await oldPatient(clinicId, 'Ana Ruiz', 'Dental Implant');
    const bo = await oldPatient(clinicId, 'Bo Li', 'Dental Implant');
    const cem = await oldPatient(clinicId, 'Cem Kaya', null);
    const theirs = await oldPatient(other.clinicId, 'Dana Cole', null);
    // Signals stored without recomputing, as before risk levels: a high case; a detractor; a clinical reply.
    await buildCase(t, { clinicId, patientId: ana, severity: 'high' });
    await buildSentSurvey(t, clinicId, bo, { answeredAt: new Date(), score: 4 });
    await t.db.insert(alerts).values({
      clinicId: other.clinicId,
      id: newId('alr'),
      patientId: theirs,
      severity: 'high',
      kind: 'clinical_reply',
    });
    expect((await listByRisk(owner.cookie, 'at_risk')).json().total).toBe(0);

    await backfillPatientRiskJob.run({}, jobContext());

    const stored = await t.db
      .select({ id: patients.id, level: patients.riskLevel, reasons: patients.riskReasons })
      .from(patients)
      .where(eq(patients.clinicId, clinicId));
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(ana)).toMatchObject({ level: 'high', reasons: ['open_case_high'] });
    expect(byId.get(bo)).toMatchObject({ level: 'medium', reasons: ['detractor_score'] });
    expect(byId.get(cem)).toMatchObject({ level: 'low', reasons: [] });
    const [their] = await t.db
      .select({ level: patients.riskLevel, reasons: patients.riskReasons })
      .from(patients)
      .where(and(eq(patients.clinicId, other.clinicId), eq(patients.id, theirs)));
    expect(their).toEqual({ level: 'high', reasons: ['clinical_reply'] });
    const left = await t.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), isNull(patients.riskComputedAt)));
    expect(left).toEqual([]);

    const atRisk = (await listByRisk(owner.cookie, 'at_risk')).json();
    expect(atRisk.patients.map((p: { name: string }) => p.name).sort()).toEqual(['Ana Ruiz', 'Bo Li']);

    // Done once: a second run finds nobody and changes nothing, even after a manual edit.
    await t.db
      .update(patients)
      .set({ riskLevel: 'low', riskRank: 0, riskReasons: [] })
      .where(eq(patients.id, ana));
    await backfillPatientRiskJob.run({}, jobContext());
    expect((await listByRisk(owner.cookie, 'high')).json().total).toBe(0);
  });

  it('new patients start computed (their events keep them right)', async () => {
    const { clinicId } = await buildClinic(t);
    const id = `P-${randomBytes(5).toString('hex')}`;
    await t.db.insert(patients).values({ clinicId, id, name: 'Eda Sun' });
    const [row] = await t.db
      .select({ at: patients.riskComputedAt })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
    expect(row?.at).toBeInstanceOf(Date);
  });
});
