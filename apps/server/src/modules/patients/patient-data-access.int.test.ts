import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, userActions } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let clinic: { clinicId: string; owner: SignedInUser };
let staff: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  clinic = await buildClinic(t);
  staff = await buildMember(t, clinic.clinicId, 'staff');
  admin = await buildMember(t, clinic.clinicId, 'admin');
  await buildPatient(t, clinic.clinicId, { name: 'Ana Ruiz' });
  await buildPatient(t, clinic.clinicId, { name: 'Luis Gil' });
});
afterAll(async () => {
  await t?.close();
});

const importFile = (user: SignedInUser, csv: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients/import',
    headers: jsonHeaders({ cookie: user.cookie }),
    payload: { csv },
  });

const audits = (action: string, userId: string) =>
  t.db
    .select()
    .from(userActions)
    .where(
      and(
        eq(userActions.clinicId, clinic.clinicId),
        eq(userActions.action, action),
        eq(userActions.userId, userId),
      ),
    );

describe('every patient at once is a manager action', () => {
  it('refuses the whole-clinic export to staff (403, no audit row), and audits an admin export with its row count', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/patients/export.csv',
      headers: jsonHeaders({ cookie: staff.cookie }),
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).not.toContain('Ana Ruiz');
    expect(await audits('patients_exported', staff.userId)).toEqual([]);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/patients/export.csv',
      headers: jsonHeaders({ cookie: admin.cookie }),
    });
    expect(res.statusCode).toBe(200);
    const [audit] = await audits('patients_exported', admin.userId);
    expect(audit?.context).toMatchObject({ count: 2 });
  });

  it('refuses to staff an import that records marketing consent as granted, storing nothing', async () => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const res = await importFile(
      staff,
      ['Name,Phone,Marketing consent', 'Eva Sanz,+34612345678,no', 'Raúl Peña,+34612345679,yes'].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toEqual({
      code: 'FORBIDDEN',
      message:
        'Only owners and admins can import marketing consent. Remove the consent column or ask an owner or admin to import this file.',
    });
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it('lets staff import patients without consent, or recording consent withdrawn', async () => {
    const res = await importFile(
      staff,
      ['Name,Phone,Marketing consent', 'Inés Mora,+34612345682,', 'Raúl Peña,+34612345683,no'].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 2 });
    const [raul] = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.name, 'Raúl Peña')));
    expect(raul?.marketingConsent).toBe('withdrawn');
  });

  it('lets an admin import consent granted, audited with the rows and the consents recorded', async () => {
    const res = await importFile(
      admin,
      ['Name,Phone,Marketing consent', 'Olga Ruiz,+34612345680,yes', 'Pau Vidal,+34612345681,no'].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 2 });
    const [audit] = await audits('patients_imported', admin.userId);
    expect(audit?.context).toMatchObject({ inserted: 2, consentGranted: 1, consentWithdrawn: 1 });
  });
});
