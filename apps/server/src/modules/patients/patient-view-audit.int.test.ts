import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The access log of patient records (HIPAA): who opened which record, which view, and from where.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const viewsOf = (clinicId: string, patientId: string) =>
  t.db
    .select()
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.clinicId, clinicId), eq(securityAuditLog.resourceId, patientId)));

describe('record-view audit rows', () => {
  it('carry the client address of the record and timeline views', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatient(t, clinicId);
    for (const [url, address] of [
      [`/api/patients/${patient.id}`, '203.0.113.7'],
      [`/api/patients/${patient.id}/timeline`, '203.0.113.8'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: owner.cookie, 'x-forwarded-for': address },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await viewsOf(clinicId, patient.id);
    expect(rows.map((row) => [row.action, row.ipAddress]).sort()).toEqual([
      ['patient_timeline_viewed', '203.0.113.8'],
      ['patient_viewed', '203.0.113.7'],
    ]);
  });
});
