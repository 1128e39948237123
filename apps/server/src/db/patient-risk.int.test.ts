import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { advanceDeliveryStatus, insertAlert } from '../modules/inbound/inbound.repository';
import { storeSurveyAnswer } from '../modules/surveys/survey-answers.repository';
import { buildCase } from '../testing/build-case';
import { buildPatient } from '../testing/build-patient';
import { buildPatientRow } from '../testing/build-review';
import { buildSentSurvey } from '../testing/build-survey';
import { buildClinic, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { recomputePatientRisk } from './patient-risk';
import { alerts, patientCommunications, patients } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? { cookie } : jsonHeaders({ cookie }),
    payload: payload as never,
  });

async function storedRisk(clinicId: string, id: string) {
  const [row] = await t.db
    .select({ level: patients.riskLevel, reasons: patients.riskReasons, rank: patients.riskRank })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
  return row;
}

describe('patient risk', () => {
  it('rises when a high case opens and falls when it is resolved, in the same request', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatientRow(t, clinicId, 'Ana Ruiz');
    expect(await storedRisk(clinicId, patient.id)).toEqual({ level: 'low', reasons: [], rank: 0 });
    const opened = await call(owner.cookie, 'POST', '/api/cases', {
      title: 'Swelling after the implant',
      severity: 'high',
      patientId: patient.id,
    });
    expect(opened.statusCode).toBe(201);
    expect(await storedRisk(clinicId, patient.id)).toEqual({
      level: 'high',
      reasons: ['open_case_high'],
      rank: 2,
    });
    const resolved = await call(owner.cookie, 'PATCH', `/api/cases/${opened.json().id}`, {
      action: 'resolve',
    });
    expect(resolved.statusCode).toBe(200);
    expect(await storedRisk(clinicId, patient.id)).toEqual({ level: 'low', reasons: [], rank: 0 });
  });

  it('filters and sorts the patients list by risk, pages by it, and counts the patients at risk', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const calm = await buildPatientRow(t, clinicId, 'Calm One');
    const high = await buildPatientRow(t, clinicId, 'High One');
    const medium = await buildPatientRow(t, clinicId, 'Medium One');
    const calmToo = await buildPatientRow(t, clinicId, 'Calm Two');
    for (const [patient, severity] of [
      [high, 'high'],
      [medium, 'medium'],
    ] as const) {
      const res = await call(owner.cookie, 'POST', '/api/cases', {
        title: 'Call back',
        severity,
        patientId: patient.id,
      });
      expect(res.statusCode).toBe(201);
    }
    const names = async (query: string) => {
      const res = await call(owner.cookie, 'GET', `/api/patients?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const atRisk = await names('risk=at_risk');
    expect(atRisk.patients.map((p: { name: string }) => p.name).sort()).toEqual(['High One', 'Medium One']);
    expect(atRisk.total).toBe(2);
    expect((await names('risk=high')).patients).toMatchObject([
      { id: high.id, risk: { level: 'high', reasons: ['open_case_high'] } },
    ]);
    expect((await names('risk=low')).total).toBe(2);

    // Highest risk first, then newest; two pages of two, then none.
    const first = await names('sort=risk&limit=2');
    expect(first.patients.map((p: { id: string }) => p.id)).toEqual([high.id, medium.id]);
    const second = await names(`sort=risk&limit=2&cursor=${first.nextCursor}`);
    expect(second.patients.map((p: { id: string }) => p.id)).toEqual([calmToo.id, calm.id]);
    expect(second.nextCursor).toBeNull();

    // A cursor of the other order is refused rather than read wrongly.
    const recent = await names('limit=1');
    const mixed = await call(owner.cookie, 'GET', `/api/patients?sort=risk&cursor=${recent.nextCursor}`);
    expect(mixed.statusCode).toBe(400);

    const card = await call(owner.cookie, 'GET', '/api/analytics/patients-at-risk');
    expect(card.json()).toEqual({ high: 1, medium: 1, total: 2 });
    const other = await buildClinic(t);
    expect((await call(other.owner.cookie, 'GET', '/api/analytics/patients-at-risk')).json()).toEqual({
      high: 0,
      medium: 0,
      total: 0,
    });
  });

  it('follows a failed delivery, a survey answer and a clinical reply as they are stored', async () => {
    const { clinicId } = await buildClinic(t);
    const patient = await buildPatientRow(t, clinicId, 'Ana Ruiz');
    for (const providerMessageId of ['SM1', 'SM2']) {
      await t.db.insert(patientCommunications).values({
        clinicId,
        id: newId('msg'),
        patientId: patient.id,
        channel: 'sms',
        messageContent: 'How are you feeling?',
        deliveryStatus: 'sent',
        sentAt: new Date(),
        providerMessageId,
      });
    }
    await advanceDeliveryStatus(t.db, clinicId, 'SM1', 'failed', '30003 Unreachable');
    expect((await storedRisk(clinicId, patient.id))?.reasons).toEqual([]);
    await advanceDeliveryStatus(t.db, clinicId, 'SM2', 'failed', '30003 Unreachable');
    expect(await storedRisk(clinicId, patient.id)).toEqual({
      level: 'low',
      reasons: ['failed_deliveries'],
      rank: 0,
    });

    const survey = await buildSentSurvey(t, clinicId, patient.id);
    const answer = { score: 4, comment: null, at: new Date(), changeableSince: new Date(0) };
    expect(await storeSurveyAnswer(t.db, { clinicId, id: survey.id }, answer)).not.toBeNull();
    expect(await storedRisk(clinicId, patient.id)).toEqual({
      level: 'medium',
      reasons: ['detractor_score', 'failed_deliveries'],
      rank: 1,
    });

    await insertAlert(t.db, {
      id: newId('alr'),
      clinicId,
      patientId: patient.id,
      severity: 'high',
      kind: 'clinical_reply',
      message: 'Swelling and fever',
      createdAt: new Date(),
    });
    expect((await storedRisk(clinicId, patient.id))?.level).toBe('high');
  });

  it('refuses an unknown risk filter with a 400 and lists nothing', async () => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'GET', '/api/patients?risk=extreme');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('risk');
  });
});

const answer = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/surveys/${token}/answers`, headers: jsonHeaders(), payload });
const atRiskCard = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/analytics/patients-at-risk')).json();
const activeAlerts = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/dashboard/summary')).json().alerts.active as number;

async function caseOf(cookie: string, patientId: string): Promise<{ id: string }> {
  const list = (await call(cookie, 'GET', '/api/cases')).json();
  const kase = list.cases.find((c: { patientId?: string }) => c.patientId === patientId);
  expect(kase, JSON.stringify(list).slice(0, 300)).toBeTruthy();
  return kase;
}

describe('patient risk: reply alerts end with their case', () => {
  it('a detractor answer is high while its case is open, even after the answer is changed to 10; resolving the case ends it', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatient(t, clinicId, { procedure: 'Solo procedure' });
    const s = await buildSentSurvey(t, clinicId, p.id, { procedure: 'Solo procedure' });
    expect((await answer(s.token, { score: 2 })).statusCode).toBe(200);
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 1, medium: 0, total: 1 });
    expect((await answer(s.token, { score: 10 })).statusCode).toBe(200);
    expect(await storedRisk(clinicId, p.id)).toMatchObject({ level: 'high', reasons: ['open_case_high'] });
    const kase = await caseOf(owner.cookie, p.id);
    expect(
      (await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'resolve' })).statusCode,
    ).toBe(200);
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 0, medium: 0, total: 0 });
  });

  it('resolving a red-flag reply case resolves its alerts (also a later reply noted on it): Active Alerts and the risk drop at once, and a later 10 leaves the card', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatient(t, clinicId, { procedure: 'Solo procedure 2' });
    const s1 = await buildSentSurvey(t, clinicId, p.id, { procedure: 'Solo procedure 2' });
    expect(
      (await answer(s1.token, { score: 9, comment: 'Todo bien pero tengo fiebre y sangrado' })).statusCode,
    ).toBe(200);
    // A second worrying text while the case is open goes to that case as a note, with its own alert.
    const s2 = await buildSentSurvey(t, clinicId, p.id, { procedure: 'Solo procedure 2' });
    expect((await answer(s2.token, { score: 8, comment: 'Sigo con fiebre y mucho dolor' })).statusCode).toBe(
      200,
    );
    expect(await atRiskCard(owner.cookie)).toMatchObject({ high: 1 });
    expect(await activeAlerts(owner.cookie)).toBe(2);
    const kase = await caseOf(owner.cookie, p.id);
    expect(
      (await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'resolve' })).statusCode,
    ).toBe(200);
    expect(await activeAlerts(owner.cookie)).toBe(0);
    const stored = await t.db
      .select({ status: alerts.status, resolvedAt: alerts.resolvedAt })
      .from(alerts)
      .where(and(eq(alerts.clinicId, clinicId), eq(alerts.patientId, p.id)));
    expect(stored).toHaveLength(2);
    for (const a of stored) expect(a).toMatchObject({ status: 'resolved', resolvedAt: expect.any(Date) });
    expect(await storedRisk(clinicId, p.id)).toMatchObject({ level: 'low', reasons: [] });
    // Won back: a later survey answered 10.
    const s3 = await buildSentSurvey(t, clinicId, p.id, { procedure: 'Solo procedure 2 follow-up' });
    expect((await answer(s3.token, { score: 10, comment: 'Ya estoy bien, gracias' })).statusCode).toBe(200);
    expect({ card: await atRiskCard(owner.cookie), risk: await storedRisk(clinicId, p.id) }).toEqual({
      card: { high: 0, medium: 0, total: 0 },
      risk: { level: 'low', reasons: [], rank: 0 },
    });
  });

  it("resolving a manual case leaves the patient's reply alerts active", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatientRow(t, clinicId, 'Eva Gil');
    await t.db.transaction((tx) =>
      insertAlert(tx, {
        id: newId('alr'),
        clinicId,
        patientId: p.id,
        severity: 'high',
        kind: 'clinical_reply',
        message: 'fever',
        createdAt: new Date(),
      }),
    );
    const manual = await call(owner.cookie, 'POST', '/api/cases', {
      title: 'Call back',
      severity: 'low',
      patientId: p.id,
    });
    expect(manual.statusCode).toBe(201);
    expect(
      (await call(owner.cookie, 'PATCH', `/api/cases/${manual.json().id}`, { action: 'resolve' })).statusCode,
    ).toBe(200);
    expect(await activeAlerts(owner.cookie)).toBe(1);
    expect(await storedRisk(clinicId, p.id)).toMatchObject({ level: 'high', reasons: ['clinical_reply'] });
  });

  it("another clinic's case and patient ids are 404 / refused", async () => {
    const mine = await buildClinic(t, { tier: 'professional' });
    const theirs = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatient(t, theirs.clinicId);
    const { case: kase } = await buildCase(t, { clinicId: theirs.clinicId, patientId: p.id });
    expect(
      (await call(mine.owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'resolve' })).statusCode,
    ).toBe(404);
    const created = await call(mine.owner.cookie, 'POST', '/api/cases', { title: 'x', patientId: p.id });
    expect([400, 404]).toContain(created.statusCode);
  });
});

describe("patient risk: a procedure's complaint rate reaches all its patients, whatever the order of events", () => {
  /** Ten patients of one procedure; the first with two failed deliveries, recomputed by a survey answer. */
  async function procedureOfTen(procedure: string, tier: 'professional' | 'enterprise' = 'professional') {
    const clinic = await buildClinic(t, { tier });
    const peers = [];
    for (let i = 0; i < 10; i++)
      peers.push(await buildPatient(t, clinic.clinicId, { procedure, name: `Peer ${i}` }));
    const x = peers[0]!;
    for (let i = 0; i < 2; i++) {
      await t.db.insert(patientCommunications).values({
        clinicId: clinic.clinicId,
        id: newId('msg'),
        patientId: x.id,
        channel: 'sms',
        kind: 'followup',
        messageContent: 'Hello',
        deliveryStatus: 'failed',
        sentAt: new Date(Date.now() - (i + 2) * 3_600_000),
      });
    }
    const s = await buildSentSurvey(t, clinic.clinicId, x.id, { procedure });
    expect((await answer(s.token, { score: 8 })).statusCode).toBe(200);
    expect(await storedRisk(clinic.clinicId, x.id)).toMatchObject({
      level: 'low',
      reasons: ['failed_deliveries'],
    });
    return { ...clinic, peers, x };
  }

  /** What a full recompute gives every patient agrees with what the set-based refresh stored. */
  async function expectEveryRiskAsRecomputed(clinicId: string, ids: string[]) {
    for (const id of ids) {
      const before = await storedRisk(clinicId, id);
      const risk = await recomputePatientRisk(t.db, clinicId, id);
      expect(before, id).toMatchObject({ level: risk?.level, reasons: risk?.reasons });
    }
  }

  /** A low case opened through the API for each of these patients (2 of 10: the procedure's rate reaches 20%). */
  async function openLowCases(cookie: string, patients: { id: string }[]) {
    for (const patient of patients) {
      const res = await call(cookie, 'POST', '/api/cases', {
        title: 'Call back',
        severity: 'low',
        patientId: patient.id,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }

  it('a second patient of ten getting a case (20%) flags the others too, not only those whose case was opened', async () => {
    const { clinicId, owner, peers, x } = await procedureOfTen('Dental Implant');
    await openLowCases(owner.cookie, [peers[1]!, peers[2]!]);
    // X = failed_deliveries (1) + procedure_complaint_rate (1) = 2 -> medium; peers 1 and 2 =
    // open_case_low (1) + procedure_complaint_rate (1) = 2 -> medium; the other seven: the rate alone (1) -> low.
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 0, medium: 3, total: 3 });
    expect(await storedRisk(clinicId, x.id)).toEqual({
      level: 'medium',
      reasons: ['failed_deliveries', 'procedure_complaint_rate'],
      rank: 1,
    });
    expect(await storedRisk(clinicId, peers[1]!.id)).toMatchObject({ level: 'medium' });
    expect(await storedRisk(clinicId, peers[2]!.id)).toMatchObject({ level: 'medium' });
    expect(await storedRisk(clinicId, peers[5]!.id)).toEqual({
      level: 'low',
      reasons: ['procedure_complaint_rate'],
      rank: 0,
    });
    await expectEveryRiskAsRecomputed(
      clinicId,
      peers.map((p) => p.id),
    );
  });

  it('moving a patient to another procedure or erasing one takes the reason back from the others when the rate no longer holds', async () => {
    // Erasure is an Enterprise feature.
    const { clinicId, owner, peers, x } = await procedureOfTen('Dental Implant', 'enterprise');
    await openLowCases(owner.cookie, [peers[1]!, peers[2]!]);
    expect(await atRiskCard(owner.cookie)).toMatchObject({ medium: 3 });
    // Peer 2 moves to Hair Transplant: Dental Implant has 9 patients, under the 10 the rate needs.
    const moved = await call(owner.cookie, 'PATCH', `/api/patients/${peers[2]!.id}`, {
      procedure: 'Hair Transplant',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await storedRisk(clinicId, x.id)).toEqual({
      level: 'low',
      reasons: ['failed_deliveries'],
      rank: 0,
    });
    expect(await storedRisk(clinicId, peers[2]!.id)).toEqual({
      level: 'low',
      reasons: ['open_case_low'],
      rank: 0,
    });
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 0, medium: 0, total: 0 });
    // Back to Dental Implant: flagged again, for everyone of it.
    expect(
      (await call(owner.cookie, 'PATCH', `/api/patients/${peers[2]!.id}`, { procedure: 'Dental Implant' }))
        .statusCode,
    ).toBe(200);
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 0, medium: 3, total: 3 });
    // Erasing peer 1 (and their case): 9 patients again, the reason goes from all.
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/compliance/patients/${encodeURIComponent(peers[1]!.id)}/erasure`,
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { requestedVia: 'email' },
    });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await atRiskCard(owner.cookie)).toEqual({ high: 0, medium: 0, total: 0 });
    await expectEveryRiskAsRecomputed(clinicId, [x.id, peers[2]!.id, peers[5]!.id]);
  });

  it("never touches another clinic's patients of the same procedure", async () => {
    const other = await buildClinic(t, { tier: 'professional' });
    const theirs = [];
    for (let i = 0; i < 10; i++)
      theirs.push(await buildPatient(t, other.clinicId, { procedure: 'Dental Implant' }));
    const { owner, peers } = await procedureOfTen('Dental Implant');
    await openLowCases(owner.cookie, [peers[1]!, peers[2]!]);
    for (const p of theirs)
      expect(await storedRisk(other.clinicId, p.id)).toEqual({ level: 'low', reasons: [], rank: 0 });
  });
});
