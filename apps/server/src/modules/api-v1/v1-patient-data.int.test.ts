import { procedureDateOf } from '@careloop/domain/procedure-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients } from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

const dayMs = 86_400_000;
const zone = 'Asia/Tokyo';
/** The date `days` from today in the clinic's zone. */
const dateFromToday = (days: number) => procedureDateOf(new Date(Date.now() + days * dayMs), zone);

describe('/api/v1/patients: procedure date, language and marketing consent', () => {
  let t: TestApp;
  let clinic: Awaited<ReturnType<typeof buildClinic>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t, { tier: 'professional' });
    await t.db.update(clinics).set({ timeZone: zone }).where(eq(clinics.id, clinic.clinicId));
    token = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  const stored = async (id: string) => {
    const [row] = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.id, id)));
    return row!;
  };
  const patientCount = async () =>
    (await t.db.select().from(patients).where(eq(patients.clinicId, clinic.clinicId))).length;

  it('stores the procedure date sent as noon of that date in the clinic zone and answers it as sent', async () => {
    const created = await call('POST', '/api/v1/patients', {
      name: 'Aiko Tanaka',
      procedure_date: '2026-01-01',
      language: 'tr',
      procedure: 'Dental Implant',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      procedure_date: '2026-01-01',
      language: 'tr',
      marketing_consent: null,
    });
    const row = await stored(created.json().id);
    expect(row.procedureDate?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(row.language).toBe('tr');
    const got = await call('GET', `/api/v1/patients/${created.json().id}`);
    expect(got.json()).toEqual(created.json());
    const listed = await call('GET', '/api/v1/patients?search=Aiko');
    expect(listed.json().data).toEqual([created.json()]);
  });

  it("defaults the procedure date to today in the clinic's zone, and changes it with PATCH", async () => {
    const created = await call('POST', '/api/v1/patients', { name: 'Kenji Sato' });
    expect(created.statusCode).toBe(201);
    expect(created.json().procedure_date).toBe(dateFromToday(0));
    const updated = await call('PATCH', `/api/v1/patients/${created.json().id}`, {
      procedure_date: '2025-11-30',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Kenji Sato', procedure_date: '2025-11-30' });
    expect((await stored(created.json().id)).procedureDate?.toISOString()).toBe('2025-11-30T03:00:00.000Z');
    // A PATCH without the date keeps it.
    const renamed = await call('PATCH', `/api/v1/patients/${created.json().id}`, { name: 'Kenji Satō' });
    expect(renamed.json().procedure_date).toBe('2025-11-30');
  });

  it.each([
    ['2026-02-30', 'Please enter the procedure date as YYYY-MM-DD'],
    ['2026-13-01', 'Please enter the procedure date as YYYY-MM-DD'],
    ['01/02/2026', 'Please enter the procedure date as YYYY-MM-DD'],
    ['2026-01-01T10:00:00Z', 'Please enter the procedure date as YYYY-MM-DD'],
    ['1899-12-31', 'The procedure date must be in 1900 or later'],
    ['far future', 'The procedure date can be at most one year ahead'],
  ])(
    'refuses the procedure date %j with 400 naming procedure_date, and stores nothing',
    async (date, message) => {
      const value = date === 'far future' ? dateFromToday(367) : date;
      const before = await patientCount();
      const res = await call('POST', '/api/v1/patients', { name: 'Bad Date', procedure_date: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ field: 'procedure_date', message }),
      ]);
      expect(await patientCount()).toBe(before);
    },
  );

  it('accepts a treatment booked up to a year ahead', async () => {
    const res = await call('POST', '/api/v1/patients', {
      name: 'Booked Ahead',
      procedure_date: dateFromToday(300),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().procedure_date).toBe(dateFromToday(300));
  });

  it('refuses a date out of range on PATCH and changes nothing', async () => {
    const created = (
      await call('POST', '/api/v1/patients', { name: 'Stay Same', procedure_date: '2026-01-05' })
    ).json();
    const before = await stored(created.id);
    const res = await call('PATCH', `/api/v1/patients/${created.id}`, {
      name: 'Changed',
      procedure_date: dateFromToday(400),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('procedure_date');
    expect(await stored(created.id)).toEqual(before);
  });

  it('records marketing consent sent by the API with source api, the time given, and nobody as recorder', async () => {
    const created = await call('POST', '/api/v1/patients', {
      name: 'Yuki Mori',
      marketing_consent: { state: 'granted', at: '2026-01-02T09:30:00+09:00' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().marketing_consent).toEqual({
      state: 'granted',
      source: 'api',
      at: '2026-01-02T00:30:00.000Z',
    });
    const row = await stored(created.json().id);
    expect(row).toMatchObject({
      marketingConsent: 'granted',
      marketingConsentSource: 'api',
      marketingConsentRecordedBy: null,
    });

    // The same state again keeps the decision on record; a withdrawal without a time is now.
    const same = await call('PATCH', `/api/v1/patients/${created.json().id}`, {
      marketing_consent: { state: 'granted', at: '2026-01-03T00:00:00Z' },
    });
    expect(same.json().marketing_consent.at).toBe('2026-01-02T00:30:00.000Z');
    const started = Date.now();
    const withdrawn = await call('PATCH', `/api/v1/patients/${created.json().id}`, {
      marketing_consent: { state: 'withdrawn' },
    });
    expect(withdrawn.json().marketing_consent).toMatchObject({ state: 'withdrawn', source: 'api' });
    expect(Date.parse(withdrawn.json().marketing_consent.at)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('writes nothing for a PATCH that changes nothing: updated_at stays (a sync sending what is stored)', async () => {
    const created = await call('POST', '/api/v1/patients', { name: 'Same Again', phone: '+34611222444' });
    const id = created.json().id;
    const before = await stored(id);
    for (const body of [{}, { name: 'Same Again' }, { phone: '+34 611 22 24 44' }]) {
      const res = await call('PATCH', `/api/v1/patients/${id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().updated_at).toBe(created.json().updated_at);
    }
    expect(await stored(id)).toEqual(before);
    const renamed = await call('PATCH', `/api/v1/patients/${id}`, { name: 'Renamed' });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThan(Date.parse(created.json().updated_at));
  });

  it('refuses a consent decision older than the one on record (a late sync): 409, nothing changes', async () => {
    const created = await call('POST', '/api/v1/patients', {
      name: 'Late Sync',
      marketing_consent: { state: 'withdrawn', at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const before = await stored(id);
    const stale = await call('PATCH', `/api/v1/patients/${id}`, {
      name: 'Late Sync Renamed',
      marketing_consent: { state: 'granted', at: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT' });
    expect(stale.json().error.details[0].field).toBe('marketing_consent.at');
    expect(await stored(id)).toEqual(before);

    // A later decision is taken.
    const later = await call('PATCH', `/api/v1/patients/${id}`, {
      marketing_consent: { state: 'granted', at: new Date().toISOString() },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().marketing_consent.state).toBe('granted');
  });

  it('shows consent recorded by staff in the app with its source', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { name: 'Staff Consent', marketingConsent: 'granted' },
    });
    expect(res.statusCode).toBe(201);
    const v1 = await call('GET', `/api/v1/patients/${res.json().id}`);
    expect(v1.json().marketing_consent).toMatchObject({ state: 'granted', source: 'staff' });
  });

  it('refuses a consent time in the future, a state not listed and a language not offered; stores nothing', async () => {
    const before = await patientCount();
    const future = await call('POST', '/api/v1/patients', {
      name: 'Too Soon',
      marketing_consent: { state: 'granted', at: new Date(Date.now() + dayMs).toISOString() },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0].field).toBe('marketing_consent.at');
    const state = await call('POST', '/api/v1/patients', {
      name: 'Odd State',
      marketing_consent: { state: 'maybe' },
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().error.details[0].field).toBe('marketing_consent.state');
    const language = await call('POST', '/api/v1/patients', { name: 'Odd Language', language: 'fr' });
    expect(language.statusCode).toBe(400);
    expect(language.json().error.details[0].field).toBe('language');
    expect(await patientCount()).toBe(before);
  });
});
