import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientActions, securityAuditLog, userActions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { deleteReportsOlderThan } from '../reporting/reporting.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reportAction = (cookie: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/log-user-action',
    headers: jsonHeaders({ cookie }),
    payload: { action, context: { count: 0 } },
  });

const get = (cookie: string, url: string) => {
  const { 'content-type': _json, ...headers } = jsonHeaders({ cookie });
  return t.app.inject({ method: 'GET', url, headers });
};

describe('audit trail', () => {
  it.each(['patients_exported', 'case_resolved', 'secret_saved', ' Patient_Viewed '])(
    'a member cannot write the server event %j through log-user-action',
    async (action) => {
      const { clinicId } = await buildClinic(t);
      const staff = await buildMember(t, clinicId, 'staff');
      const res = await reportAction(staff.cookie, action);
      expect(res.statusCode).toBe(400);
      expect(await t.db.select().from(userActions).where(eq(userActions.clinicId, clinicId))).toEqual([]);
      expect(await t.db.select().from(clientActions).where(eq(clientActions.clinicId, clinicId))).toEqual([]);
    },
  );

  it("keeps a client's reports apart from the server's audit events", async () => {
    const { clinicId, owner } = await buildClinic(t);
    expect((await reportAction(owner.cookie, 'opened_help')).statusCode).toBe(202);
    const reports = await t.db.select().from(clientActions).where(eq(clientActions.clinicId, clinicId));
    expect(reports).toMatchObject([{ action: 'opened_help', userId: owner.userId }]);
    expect(await t.db.select().from(userActions).where(eq(userActions.clinicId, clinicId))).toEqual([]);
  });

  it('records who opened a patient record and its timeline; another clinic gets 404 and no row', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const patient = await buildPatient(t, clinicId);
    expect((await get(staff.cookie, `/api/patients/${patient.id}`)).statusCode).toBe(200);
    expect((await get(staff.cookie, `/api/patients/${patient.id}/timeline`)).statusCode).toBe(200);
    const other = await buildClinic(t);
    expect((await get(other.owner.cookie, `/api/patients/${patient.id}`)).statusCode).toBe(404);
    const views = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.resourceType, 'patient'), eq(securityAuditLog.resourceId, patient.id)));
    expect(views.map((v) => [v.action, v.userId, v.clinicId]).sort()).toEqual([
      ['patient_timeline_viewed', staff.userId, clinicId],
      ['patient_viewed', staff.userId, clinicId],
    ]);
  });

  it('refuses UPDATE and DELETE on both audit tables (append-only in the database)', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const secId = newId('aud');
    const actId = newId('act');
    await t.db.insert(securityAuditLog).values({
      id: secId,
      clinicId,
      userId: owner.userId,
      action: 'secret_saved',
      resourceType: 'secret',
      riskLevel: 'medium',
    });
    await t.db
      .insert(userActions)
      .values({ id: actId, clinicId, userId: owner.userId, action: 'case_resolved' });
    const attempts = [
      t.db.update(securityAuditLog).set({ action: 'nothing' }).where(eq(securityAuditLog.id, secId)),
      t.db.delete(securityAuditLog).where(eq(securityAuditLog.id, secId)),
      t.db.update(userActions).set({ userId: null }).where(eq(userActions.id, actId)),
      t.db.delete(userActions).where(eq(userActions.id, actId)),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow();
    expect(await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.id, secId))).toMatchObject([
      { action: 'secret_saved' },
    ]);
    expect(await t.db.select().from(userActions).where(eq(userActions.id, actId))).toMatchObject([
      { userId: owner.userId },
    ]);
  });

  it('retention cleanup removes old client reports and leaves the audit trail', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const old = new Date(Date.now() - 40 * 86_400_000);
    const reportId = newId('cact');
    const auditId = newId('act');
    await t.db
      .insert(clientActions)
      .values({ id: reportId, clinicId, action: 'opened_help', createdAt: old });
    await t.db
      .insert(userActions)
      .values({ id: auditId, clinicId, userId: owner.userId, action: 'patients_exported', createdAt: old });
    expect(await deleteReportsOlderThan(t.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(clientActions).where(eq(clientActions.id, reportId))).toEqual([]);
    const [kept] = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(userActions)
      .where(eq(userActions.id, auditId));
    expect(Number(kept?.n)).toBe(1);
  });
});
