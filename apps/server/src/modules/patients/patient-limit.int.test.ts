import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The plan's patient limit holds at create (app and public API share the service) and at import:
// past it, the request is refused with the spec's upgrade message and nothing is stored.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const patientCount = async (clinicId: string) =>
  (await t.db.select({ n: count() }).from(patients).where(eq(patients.clinicId, clinicId)))[0]?.n ?? 0;

const create = (cookie: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: jsonHeaders({ cookie }),
    payload: { name, phone: '+14155550123', procedure: 'Dental Implant' },
  });

const importCsv = (cookie: string, n: number, tag: string) => {
  const lines = ['Name,Phone,Procedure'];
  for (let i = 1; i <= n; i++) lines.push(`Patient ${tag} ${i},+1415555${String(1000 + i)},Dental Implant`);
  return t.app.inject({
    method: 'POST',
    url: '/api/patients/import',
    headers: jsonHeaders({ cookie }),
    payload: { csv: lines.join('\n') },
  });
};

async function clinicWith(tier: 'starter' | 'professional', patientsOnRecord: number) {
  const clinic = await buildClinic(t, { tier });
  for (let i = 0; i < patientsOnRecord; i++)
    await buildPatient(t, clinic.clinicId, { name: `On record ${i}` });
  return clinic;
}

describe('the patient limit', () => {
  it('takes the 100th patient on Starter and refuses the 101st with the upgrade path, storing nothing', async () => {
    const { clinicId, owner } = await clinicWith('starter', 99);
    expect((await create(owner.cookie, 'Hundredth Patient')).statusCode).toBe(201);
    const refused = await create(owner.cookie, 'One Too Many');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'PLAN_REQUIRED',
      message:
        'Patient Limit Exceeded - Your plan holds up to 100 patients and has 100. Please upgrade to continue service: Professional holds them all',
      details: {
        key: 'plans.errors.patientLimitExceeded',
        limit: 100,
        current: 100,
        adding: 1,
        upgradeTo: 'professional',
      },
    });
    expect(await patientCount(clinicId)).toBe(100);
  });

  it('refuses a whole import that would pass the limit, importing none of it', async () => {
    const { clinicId, owner } = await clinicWith('starter', 40);
    const refused = await importCsv(owner.cookie, 61, 'a');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toMatchObject({ limit: 100, current: 40, adding: 61 });
    expect(await patientCount(clinicId)).toBe(40);

    const fits = await importCsv(owner.cookie, 60, 'b');
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ inserted: 60 });
    expect(await patientCount(clinicId)).toBe(100);
  });

  it('points an import past Professional to Enterprise', async () => {
    const { clinicId, owner } = await clinicWith('professional', 0);
    const refused = await importCsv(owner.cookie, 501, 'c');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toMatchObject({ limit: 500, upgradeTo: 'enterprise' });
    expect(await patientCount(clinicId)).toBe(0);
    expect((await importCsv(owner.cookie, 500, 'd')).statusCode).toBe(200);
  });

  it('lets only one of two concurrent creates take the last place', async () => {
    const { clinicId, owner } = await clinicWith('starter', 99);
    const answers = await Promise.all([create(owner.cookie, 'First'), create(owner.cookie, 'Second')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    expect(await patientCount(clinicId)).toBe(100);
  });
});
