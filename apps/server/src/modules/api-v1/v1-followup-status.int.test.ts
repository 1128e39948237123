import { procedureDateOf } from '@careloop/domain/procedure-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, followUpCampaigns, patientCommunications } from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

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

  it('reads a blocked follow-up with its reason', async () => {
    const patient = await buildPatient(t, ready.clinicId, { createdAt: new Date(Date.now() - dayMs) });
    const started = await call(ready.token, 'POST', '/api/v1/followups', { patient_id: patient.id });
    const read = await call(ready.token, 'GET', `/api/v1/followups/${started.json().id}`);
    expect(read.json()).toMatchObject({ status: 'blocked', reason: 'no_phone', messages: [] });
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
