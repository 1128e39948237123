import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload });

const profile = {
  name: 'Clínica Sol',
  email: 'hola@sol.example',
  phone: '+34910000000',
  category: 'dental',
  brandTone: 'warm',
};

const storedClinic = async (clinicId: string) =>
  (await t.db.select().from(clinics).where(eq(clinics.id, clinicId)))[0];

describe('clinic language, time zone and country', () => {
  it('are saved from Clinic Settings and shown back', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/profile', {
      ...profile,
      defaultLanguage: 'es',
      timeZone: 'Europe/Madrid',
      country: 'es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clinic).toMatchObject({
      defaultLanguage: 'es',
      timeZone: 'Europe/Madrid',
      country: 'ES',
    });
    expect(await storedClinic(clinicId)).toMatchObject({
      defaultLanguage: 'es',
      timeZone: 'Europe/Madrid',
      country: 'ES',
    });
    // Left out: kept as saved.
    const again = await call(owner.cookie, 'PUT', '/api/settings/profile', profile);
    expect(again.json().clinic).toMatchObject({
      defaultLanguage: 'es',
      timeZone: 'Europe/Madrid',
      country: 'ES',
    });
  });

  it.each([
    [{ timeZone: 'Europe/Atlantis' }, 'timeZone'],
    [{ timeZone: 'GMT+3' }, 'timeZone'],
    [{ defaultLanguage: 'fr' }, 'defaultLanguage'],
    [{ country: 'XX' }, 'country'],
  ])('refuses %o with a 400 on the field and changes nothing', async (locale, field) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/profile', { ...profile, ...locale });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(field);
    expect(await storedClinic(clinicId)).toMatchObject({
      timeZone: 'UTC',
      defaultLanguage: 'en',
      country: null,
    });
  });

  it('are set in onboarding step 1, and staff cannot set them', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const body = { ...profile, defaultLanguage: 'tr', timeZone: 'Europe/Istanbul', country: 'TR' };
    const res = await call(owner.cookie, 'PUT', '/api/onboarding/steps/1', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      defaultLanguage: 'tr',
      timeZone: 'Europe/Istanbul',
      country: 'TR',
    });
    const bad = await call(owner.cookie, 'PUT', '/api/onboarding/steps/1', {
      ...body,
      timeZone: 'Mars/Base',
    });
    expect(bad.statusCode).toBe(400);
    const staff = await buildMember(t, clinicId, 'staff');
    const refused = await call(staff.cookie, 'PUT', '/api/settings/profile', { ...body, timeZone: 'UTC' });
    expect(refused.statusCode).toBe(403);
    expect((await storedClinic(clinicId))?.timeZone).toBe('Europe/Istanbul');
  });
});
