import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { advanceDeliveryStatus, insertAlert } from '../modules/inbound/inbound.repository';
import { storeSurveyAnswer } from '../modules/surveys/survey-answers.repository';
import { buildPatientRow } from '../testing/build-review';
import { buildSentSurvey } from '../testing/build-survey';
import { buildClinic, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { patientCommunications, patients } from './schema';

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
    expect(await storeSurveyAnswer(t.db, { clinicId, id: survey.id }, answer)).toBe(true);
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
