import { webhookEventExamples } from '@careloop/contracts/webhook-events';
import { procedureDateOf } from '@careloop/domain/procedure-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, cases, clinics, followUpCampaigns, patientCommunications, patients } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { v1OperationExamples } from './v1-openapi-examples';

const dayMs = 86_400_000;
const zone = 'America/Los_Angeles';
const daysAgo = (days: number) => procedureDateOf(new Date(Date.now() - days * dayMs), zone);

describe('follow-ups run off the procedure date sent, and GET /api/v1/followups/:id reads them', () => {
  let t: TestApp;
  let ready: Awaited<ReturnType<typeof buildClinic>> & { token: string };

  /** A clinic that can send SMS at any hour, in Los Angeles (west of UTC: midnight storage would slip a day). */
  async function readyClinic() {
    const built = await buildClinic(t, { tier: 'professional' });
    await t.db.update(clinics).set({ timeZone: zone }).where(eq(clinics.id, built.clinicId));
    const headers = jsonHeaders({ cookie: built.owner.cookie });
    const sms = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers,
      payload: {
        provider: 'twilio',
        accountSid: `AC${'1'.repeat(32)}`,
        authToken: 'x'.repeat(32),
        fromNumber: '+14155552671',
      },
    });
    expect(sms.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/automation/settings',
      headers,
      payload: { quietHours: { sendFrom: '00:00', sendUntil: '23:59' } },
    });
    expect(saved.statusCode).toBe(200);
    return { ...built, token: await buildAccessToken(t, await buildApiClient(t, built.owner)) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    ready = await readyClinic();
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  it('plans the follow-up day due from the procedure date sent through the API (7 days ago: day 7)', async () => {
    const created = await call(ready.token, 'POST', '/api/v1/patients', {
      name: 'Week Ago',
      phone: '+14155550101',
      procedure_date: daysAgo(7),
    });
    expect(created.statusCode).toBe(201);
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: created.json().id });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ status: 'scheduled', reason: null, channel: 'sms' });
    expect(started.json().messages).toEqual([
      expect.objectContaining({ channel: 'sms', status: 'queued', schedule_day: 7 }),
    ]);
  });

  it('plans from the date staff set in the app (3 days ago: day 3); a patient added today has none due', async () => {
    const headers = jsonHeaders({ cookie: ready.owner.cookie });
    const dated = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers,
      payload: { name: 'Three Days', phone: '+14155550102', procedureDate: daysAgo(3) },
    });
    expect(dated.statusCode).toBe(201);
    expect(dated.json().procedureDate).toBe(daysAgo(3));
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: dated.json().id });
    expect(started.json().messages).toEqual([expect.objectContaining({ schedule_day: 3 })]);

    const today = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers,
      payload: { name: 'Today', phone: '+14155550103' },
    });
    expect(today.json().procedureDate).toBe(daysAgo(0));
    const none = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: today.json().id });
    expect(none.json()).toMatchObject({ status: 'scheduled', messages: [] });
  });

  it('reads a follow-up after creating it, with where its messages stand now', async () => {
    const patient = await buildPatient(t, ready.clinicId, {
      phone: '+14155550104',
      createdAt: new Date(Date.now() - dayMs),
    });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patient.id });
    expect(started.statusCode).toBe(201);
    const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(started.json());

    const messageId = started.json().messages[0].id;
    await t.db
      .update(patientCommunications)
      .set({ deliveryStatus: 'delivered' })
      .where(
        and(eq(patientCommunications.clinicId, ready.clinicId), eq(patientCommunications.id, messageId)),
      );
    const later = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(later.json().messages).toEqual([expect.objectContaining({ id: messageId, status: 'delivered' })]);
    expect(later.json().status).toBe('scheduled');
  });

  it('reads completed once the last follow-up day has been sent and nothing is left', async () => {
    const created = await call(ready.token, 'POST', '/api/v1/patients', {
      name: 'Fortnight Ago',
      phone: '+14155550105',
      procedure_date: daysAgo(14),
    });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: created.json().id });
    expect(started.json()).toMatchObject({ status: 'scheduled', reason: null });
    const [last] = started.json().messages;
    expect(last).toMatchObject({ schedule_day: 14, status: 'queued' });

    await t.db
      .update(patientCommunications)
      .set({ deliveryStatus: 'delivered', sentAt: new Date() })
      .where(and(eq(patientCommunications.clinicId, ready.clinicId), eq(patientCommunications.id, last.id)));
    const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(read.json()).toMatchObject({ status: 'completed', reason: null, channel: 'sms' });
  });

  it("shows ids in the document's examples of the form the server gives", async () => {
    /** `P-` + 13 digits, `msg_` + 14 of 0-9a-z... */
    const shapeOf = (id: string) => {
      const [, prefix, rest] = /^([A-Za-z]+[_-])(.*)$/.exec(id) ?? [];
      const kind = /^\d+$/.test(rest ?? '') ? 'digits' : /^[0-9a-z]+$/.test(rest ?? '') ? 'base36' : 'other';
      return `${prefix}${kind}×${rest?.length}`;
    };
    const created = await call(ready.token, 'POST', '/api/v1/patients', {
      name: 'Example Shape',
      phone: '+14155550106',
      procedure_date: daysAgo(1),
    });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: created.json().id });
    const real = started.json();
    expect(real.messages).toHaveLength(1);
    const example = v1OperationExamples.startFollowUp!.response as typeof real;
    expect(shapeOf(example.patient_id)).toBe(shapeOf(created.json().id));
    expect(shapeOf(example.id)).toBe(shapeOf(real.id));
    expect(shapeOf(example.messages[0].id)).toBe(shapeOf(real.messages[0].id));
    const events = webhookEventExamples;
    for (const data of [events['message.sent'], events['message.failed'], events['consent.changed']]) {
      expect(shapeOf(data.patient_id)).toBe(shapeOf(created.json().id));
    }
    // A survey is a message to the patient: its id is one.
    for (const id of [events['message.sent'].message_id, events['survey.answered'].survey_id]) {
      expect(shapeOf(id)).toBe(shapeOf(real.messages[0].id));
    }
  });

  it('reads a blocked follow-up with its reason', async () => {
    const patient = await buildPatient(t, ready.clinicId, { createdAt: new Date(Date.now() - dayMs) });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patient.id });
    const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(read.json()).toMatchObject({ status: 'blocked', reason: 'no_phone', messages: [] });
  });

  describe('says blocked, with the reason, when the planner queued nothing and nothing is ahead', () => {
    const patientQueued = async (clinicId: string, patientId: string) =>
      t.db
        .select()
        .from(patientCommunications)
        .where(
          and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.patientId, patientId)),
        );

    /** The case a patient's red-flag reply opens (db/clinical-case-pause.ts): automated messages pause. */
    async function openClinicalCase(clinicId: string, patientId: string) {
      const opened = await buildCase(t, {
        clinicId,
        patientId,
        source: 'alert',
        createdAt: new Date(Date.now() - 60_000),
      });
      await t.db.insert(alerts).values({
        clinicId,
        id: newId('alr'),
        patientId,
        severity: 'high',
        kind: 'clinical_reply',
        message: 'Severe pain and bleeding',
      });
      return opened.case.id;
    }

    it('every follow-up day past for the procedure date (40 days ago): followup_days_past', async () => {
      const created = await call(ready.token, 'POST', '/api/v1/patients', {
        name: 'Long Ago',
        phone: '+14155550111',
        procedure_date: daysAgo(40),
      });
      const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: created.json().id });
      expect(started.statusCode).toBe(201);
      expect(started.json()).toMatchObject({
        status: 'blocked',
        reason: 'followup_days_past',
        channel: 'sms',
        messages: [],
      });
      expect(await patientQueued(ready.clinicId, created.json().id)).toEqual([]);
      const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
      expect(read.json()).toEqual(started.json());
    });

    it('every follow-up day switched off: no_followup_days', async () => {
      const off = await readyClinic();
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/automation/settings',
        headers: jsonHeaders({ cookie: off.owner.cookie }),
        payload: { followupSchedule: { '1': false, '3': false, '7': false, '14': false, '30': false } },
      });
      expect(saved.statusCode).toBe(200);
      const created = await call(off.token, 'POST', '/api/v1/patients', {
        name: 'Days Off',
        phone: '+14155550112',
        procedure_date: daysAgo(1),
      });
      const started = await call(off.token, 'POST', '/api/v1/followups', { patient_id: created.json().id });
      expect(started.statusCode).toBe(201);
      expect(started.json()).toMatchObject({ status: 'blocked', reason: 'no_followup_days', messages: [] });
      expect(await patientQueued(off.clinicId, created.json().id)).toEqual([]);
    });

    it('an open clinical case (the planner skipped the day due): clinical_case_open; GET follows the case', async () => {
      const created = await call(ready.token, 'POST', '/api/v1/patients', {
        name: 'Red Flag',
        phone: '+14155550113',
        procedure_date: daysAgo(1),
      });
      const patientId = created.json().id;
      const caseId = await openClinicalCase(ready.clinicId, patientId);
      const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patientId });
      expect(started.statusCode).toBe(201);
      expect(started.json()).toMatchObject({
        status: 'blocked',
        reason: 'clinical_case_open',
        channel: 'sms',
        messages: [],
      });
      expect(await patientQueued(ready.clinicId, patientId)).toEqual([]);
      // Resolved: the days ahead will be planned again, and the follow-up reads so.
      await t.db
        .update(cases)
        .set({ status: 'resolved', resolvedAt: new Date() })
        .where(and(eq(cases.clinicId, ready.clinicId), eq(cases.id, caseId)));
      const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
      expect(read.json()).toMatchObject({ status: 'scheduled', reason: null, channel: 'sms' });
    });

    it('GET is not frozen at the start: an opt-out since then reads blocked, opted_out', async () => {
      const created = await call(ready.token, 'POST', '/api/v1/patients', {
        name: 'Opts Out Later',
        phone: '+14155550114',
        procedure_date: daysAgo(1),
      });
      const patientId = created.json().id;
      const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patientId });
      expect(started.json()).toMatchObject({ status: 'scheduled', reason: null });
      await t.db
        .update(patients)
        .set({ smsOptedOutAt: new Date(), smsOptOutSource: 'patient_reply' })
        .where(and(eq(patients.clinicId, ready.clinicId), eq(patients.id, patientId)));
      const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
      expect(read.json()).toMatchObject({ status: 'blocked', reason: 'opted_out', channel: null });
      expect(read.json().messages).toEqual(started.json().messages);
    });
  });

  it("answers 404 for an unknown id and for another clinic's follow-up", async () => {
    const patient = await buildPatient(t, ready.clinicId, { phone: '+14155550105' });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patient.id });
    const other = await buildClinic(t, { tier: 'professional' });
    const otherToken = await buildAccessToken(t, await buildApiClient(t, other.owner));
    const foreign = await call(otherToken, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await call(ready.token, 'GET', '/api/v1/followups/cmp_nobody')).statusCode).toBe(404);
    // The campaign is still there, for its own clinic.
    const rows = await t.db
      .select()
      .from(followUpCampaigns)
      .where(eq(followUpCampaigns.id, started.json().id));
    expect(rows).toHaveLength(1);
  });

  it('needs the followups:write scope (the one that starts them)', async () => {
    const readOnly = await buildAccessToken(
      t,
      await buildApiClient(t, ready.owner, { scopes: ['patients:read'] }),
    );
    const res = await call(readOnly, 'GET', '/api/v1/followups/cmp_any');
    expect(res.statusCode).toBe(403);
  });
});
