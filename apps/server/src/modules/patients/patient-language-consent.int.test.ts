import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload });

const storedPatient = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
  )[0];

describe('patient language and marketing consent', () => {
  it('records the language and a consent grant with its time, source and the staff member', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const before = Date.now();
    const res = await call(owner.cookie, 'POST', '/api/patients', {
      name: 'Lucía Gómez',
      phone: '+34600111222',
      language: 'es',
      marketingConsent: 'granted',
    });
    expect(res.statusCode).toBe(201);
    const patient = res.json();
    expect(patient.language).toBe('es');
    expect(patient.marketingConsent).toMatchObject({
      state: 'granted',
      source: 'staff',
      recordedBy: owner.userId,
    });
    expect(Date.parse(patient.marketingConsent.at)).toBeGreaterThanOrEqual(before);
    const row = await storedPatient(clinicId, patient.id);
    expect(row).toMatchObject({
      language: 'es',
      marketingConsent: 'granted',
      marketingConsentSource: 'staff',
      marketingConsentRecordedBy: owner.userId,
    });
  });

  it('keeps the original grant when the form is saved again, and records a withdrawal', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const created = (
      await call(owner.cookie, 'POST', '/api/patients', { name: 'Emre Kaya', marketingConsent: 'granted' })
    ).json();
    const again = await call(owner.cookie, 'PATCH', `/api/patients/${created.id}`, {
      name: 'Emre Kaya',
      marketingConsent: 'granted',
      language: 'tr',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().marketingConsent.at).toBe(created.marketingConsent.at);
    expect(again.json().language).toBe('tr');
    const withdrawn = await call(owner.cookie, 'PATCH', `/api/patients/${created.id}`, {
      marketingConsent: 'withdrawn',
    });
    expect(withdrawn.json().marketingConsent).toMatchObject({ state: 'withdrawn', source: 'staff' });
    expect((await storedPatient(clinicId, created.id))?.marketingConsent).toBe('withdrawn');
    const cleared = await call(owner.cookie, 'PATCH', `/api/patients/${created.id}`, { language: null });
    expect(cleared.json().language).toBeNull();
  });

  it('refuses an unknown language or consent state with a 400 and changes nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const created = (await call(owner.cookie, 'POST', '/api/patients', { name: 'Ana' })).json();
    for (const body of [{ language: 'fr' }, { marketingConsent: 'yes' }]) {
      const res = await call(owner.cookie, 'PATCH', `/api/patients/${created.id}`, body);
      expect(res.statusCode).toBe(400);
    }
    const row = await storedPatient(clinicId, created.id);
    expect(row).toMatchObject({ language: null, marketingConsent: null, marketingConsentAt: null });
  });

  it("reads a phone without a country code in the clinic's country", async () => {
    const { owner } = await buildClinic(t);
    const profile = {
      name: 'Clínica Sol',
      email: 'hola@sol.example',
      phone: '+34910000000',
      category: 'dental',
      brandTone: 'warm',
      country: 'ES',
    };
    expect((await call(owner.cookie, 'PUT', '/api/settings/profile', profile)).statusCode).toBe(200);
    const res = await call(owner.cookie, 'POST', '/api/patients', { name: 'Pilar', phone: '612 345 678' });
    expect(res.statusCode).toBe(201);
    expect(res.json().phone).toBe('+34612345678');
  });
});
