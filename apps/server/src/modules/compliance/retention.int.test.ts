import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/execute-rows';
import { alerts, cases, patientCommunications, webhookLogs } from '../../db/schema';
import { applyDataRetentionJob } from '../../jobs/apply-data-retention.job';
import type { JobContext } from '../../jobs/job-definition';
import { jobRegistry } from '../../jobs/registry';
import { newId } from '../../lib/ids';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const jobContext = (): JobContext => ({
  db: t.db,
  log: { info: () => {}, error: () => {} },
  config: t.deps.config,
  secretBox: t.deps.secretBox,
  mailer: t.deps.mailer,
  unsubscribeTokens: t.deps.unsubscribeTokens,
  surveyLinkTokens: t.deps.surveyLinkTokens,
  sendMany: async () => 0,
});
const put = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/compliance/retention',
    headers: jsonHeaders({ cookie }),
    payload: payload as object,
  });

/** Messages, inbound logs, cases and alerts of several ages in one clinic; their ids by name. */
async function buildAgedData(clinicId: string) {
  const patient = await buildPatient(t, clinicId);
  const message = async (status: 'delivered' | 'queued' | 'failed', age: number) => {
    const id = newId('msg');
    await t.db.insert(patientCommunications).values({
      clinicId,
      id,
      patientId: patient.id,
      channel: 'sms',
      messageContent: 'How are you?',
      deliveryStatus: status,
      sentAt: status === 'queued' ? null : daysAgo(age),
      createdAt: daysAgo(age),
    });
    return id;
  };
  const inbound = async (age: number) => {
    const id = newId('whl');
    await t.db.insert(webhookLogs).values({
      clinicId,
      id,
      webhookType: 'inbound_message',
      provider: 'twilio',
      providerMessageId: id,
      patientId: patient.id,
      messageContent: 'Fine',
      receivedAt: daysAgo(age),
    });
    return id;
  };
  const alert = async (status: 'active' | 'resolved', age: number) => {
    const id = newId('alr');
    await t.db.insert(alerts).values({
      clinicId,
      id,
      patientId: patient.id,
      severity: 'low',
      status,
      createdAt: daysAgo(age),
      resolvedAt: status === 'resolved' ? daysAgo(age) : null,
    });
    return id;
  };
  const kase = async (status: 'open' | 'resolved' | 'closed', age: number) =>
    (
      await buildCase(t, {
        clinicId,
        patientId: patient.id,
        status,
        createdAt: daysAgo(age + 5),
        resolvedAt: status === 'resolved' ? daysAgo(age) : null,
      })
    ).case.id;
  return {
    oldDelivered: await message('delivered', 120),
    oldFailed: await message('failed', 95),
    oldQueued: await message('queued', 200),
    recentDelivered: await message('delivered', 60),
    oldInbound: await inbound(100),
    recentInbound: await inbound(10),
    oldResolvedCase: await kase('resolved', 400),
    recentResolvedCase: await kase('resolved', 300),
    oldOpenCase: await kase('open', 500),
    oldResolvedAlert: await alert('resolved', 400),
    oldActiveAlert: await alert('active', 500),
  };
}

async function remaining(clinicId: string) {
  const ids = async (query: Promise<{ id: string }[]>) => (await query).map((r) => r.id).sort();
  return [
    ...(await ids(
      t.db
        .select({ id: patientCommunications.id })
        .from(patientCommunications)
        .where(eq(patientCommunications.clinicId, clinicId)),
    )),
    ...(await ids(
      t.db.select({ id: webhookLogs.id }).from(webhookLogs).where(eq(webhookLogs.clinicId, clinicId)),
    )),
    ...(await ids(t.db.select({ id: cases.id }).from(cases).where(eq(cases.clinicId, clinicId)))),
    ...(await ids(t.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.clinicId, clinicId)))),
  ].sort();
}

describe('data retention (Enterprise Compliance)', () => {
  let clinic: { clinicId: string; owner: SignedInUser };
  beforeAll(async () => {
    clinic = await buildClinic(t, { tier: 'enterprise' });
  });

  it('is applied by the cleanup job at 2 AM', () => {
    const job = jobRegistry.find((j) => j.name === 'apply-data-retention');
    expect(job?.schedule).toEqual({ cron: '0 2 * * *' });
  });

  it('starts unlimited, saves the periods of an owner or admin, audits the change and refuses what is out of range', async () => {
    const initial = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/retention',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      messagesDays: null,
      resolvedCasesDays: null,
      lastAppliedAt: null,
    });
    expect(initial.json().nextRunAt).toMatch(/T02:00:00\.000Z$/);

    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const body of [
      { messagesDays: 89, resolvedCasesDays: null },
      { messagesDays: 3651, resolvedCasesDays: null },
      { messagesDays: 120.5, resolvedCasesDays: null },
      { messagesDays: '120', resolvedCasesDays: null },
      { messagesDays: 120 },
      { messagesDays: 120, resolvedCasesDays: null, patientsDays: 30 },
    ]) {
      const res = await put(clinic.owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(staff.cookie, { messagesDays: 120, resolvedCasesDays: null })).statusCode).toBe(403);
    const starter = await buildClinic(t, { tier: 'starter' });
    const locked = await put(starter.owner.cookie, { messagesDays: 120, resolvedCasesDays: null });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('PLAN_REQUIRED');
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);

    const admin = await buildMember(t, clinic.clinicId, 'admin');
    const saved = await put(admin.cookie, { messagesDays: 365, resolvedCasesDays: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ messagesDays: 365, resolvedCasesDays: null });
    const [audit] = await executeRows<{ user_id: string; context: object }>(
      t.db,
      sql`select user_id, context from user_actions where clinic_id = ${clinic.clinicId} and action = 'data_retention_saved'`,
    );
    expect(audit).toEqual({
      user_id: admin.userId,
      context: {
        from: { messagesDays: null, resolvedCasesDays: null },
        to: { messagesDays: 365, resolvedCasesDays: null },
      },
    });
  });

  it("removes only what is older than each clinic's own setting, and only that clinic's", async () => {
    const a = await buildClinic(t, { tier: 'enterprise' });
    const b = await buildClinic(t, { tier: 'enterprise' });
    const c = await buildClinic(t, { tier: 'enterprise' });
    const aData = await buildAgedData(a.clinicId);
    const bData = await buildAgedData(b.clinicId);
    const cData = await buildAgedData(c.clinicId);
    expect((await put(a.owner.cookie, { messagesDays: 90, resolvedCasesDays: 365 })).statusCode).toBe(200);
    // Clinic C keeps messages for ten years and limits nothing else.
    expect((await put(c.owner.cookie, { messagesDays: 3650, resolvedCasesDays: null })).statusCode).toBe(200);
    const bBefore = await clinicSnapshot(t.db, b.clinicId);
    const cBefore = await remaining(c.clinicId);

    await applyDataRetentionJob.handle({}, jobContext());

    expect(await remaining(a.clinicId)).toEqual(
      [
        aData.oldQueued,
        aData.recentDelivered,
        aData.recentInbound,
        aData.recentResolvedCase,
        aData.oldOpenCase,
        aData.oldActiveAlert,
      ].sort(),
    );
    expect(changedTables(bBefore, await clinicSnapshot(t.db, b.clinicId))).toEqual([]);
    expect(await remaining(c.clinicId)).toEqual(cBefore);
    expect(cData.oldDelivered).toBeTruthy();
    expect(bData.oldDelivered).toBeTruthy();

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/retention',
      headers: { cookie: a.owner.cookie },
    });
    expect(after.json().lastAppliedAt).not.toBeNull();
    expect(after.json().lastRemoved).toEqual({ messages: 2, inboundMessages: 1, cases: 1, alerts: 1 });
    const [audit] = await executeRows<{ user_id: string | null; context: Record<string, number> }>(
      t.db,
      sql`select user_id, context from user_actions where clinic_id = ${a.clinicId} and action = 'data_retention_applied'`,
    );
    expect(audit).toMatchObject({
      user_id: null,
      context: { messages: 2, inboundMessages: 1, cases: 1, alerts: 1 },
    });

    // A second run finds nothing more to remove.
    await applyDataRetentionJob.handle({}, jobContext());
    expect(
      await t.db
        .select({ id: patientCommunications.id })
        .from(patientCommunications)
        .where(and(eq(patientCommunications.clinicId, a.clinicId))),
    ).toHaveLength(2);
  });
});

describe('encryption and access summary, BAA request (Enterprise Compliance)', () => {
  it('computes the summary from the system and the clinic', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise' });
    await buildMember(t, clinic.clinicId, 'admin');
    await buildMember(t, clinic.clinicId, 'staff');
    await buildMember(t, clinic.clinicId, 'staff');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/summary',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      encryption: {
        secretsAlgorithm: 'AES-256-GCM',
        secretsStored: 0,
        secretValuesReturned: false,
        transport: 'none',
        hsts: false,
        database: t.deps.config.database.kind === 'postgres' ? 'postgresql' : 'pglite',
        auditTrailAppendOnly: true,
      },
      access: {
        members: { owner: 1, admin: 1, staff: 2 },
        twoFactorEnabled: 0,
        idleSignOutMinutes: 30,
        activeApiClients: 0,
        failedSignIns30d: 0,
      },
    });
    expect(res.json().access.activeSessions).toBeGreaterThanOrEqual(4);
  });

  it('stores a BAA request, mails it to sales and audits it; refuses bad input, staff and other plans', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise', practiceName: 'Clinica Sol' });
    const body = {
      legalEntityName: 'Clinica Sol S.L.',
      signatoryName: 'Marta Gil',
      signatoryTitle: 'Managing Director',
      signatoryEmail: 'marta@clinicasol.example',
      notes: 'We need it before the audit in May',
    };
    const post = (cookie: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/compliance/baa-requests',
        headers: jsonHeaders({ cookie }),
        payload,
      });
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const bad of [
      { ...body, signatoryEmail: 'not-an-email' },
      { ...body, legalEntityName: ' ' },
      { ...body, extra: 1 },
    ]) {
      expect((await post(clinic.owner.cookie, bad)).statusCode).toBe(400);
    }
    expect((await post(staff.cookie, body)).statusCode).toBe(403);
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
    const professional = await buildClinic(t, { tier: 'professional' });
    expect((await post(professional.owner.cookie, body)).statusCode).toBe(403);

    const res = await post(clinic.owner.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      legalEntityName: 'Clinica Sol S.L.',
      signatoryEmail: 'marta@clinicasol.example',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/baa-requests',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: res.json().id, requestedBy: 'Olivia Owner' }),
    ]);
    await t.deps.mailer.idle();
    const mails = readOutbox(t.outboxDir, t.deps.config.salesEmail).filter((m) =>
      m.includes('Clinica Sol S.L.'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Signatory: Marta Gil, Managing Director');
    expect(mails[0]).toContain('We need it before the audit in May');
    const audits = await executeRows<{ action: string }>(
      t.db,
      sql`select action from user_actions where clinic_id = ${clinic.clinicId} and action = 'baa_requested'`,
    );
    expect(audits).toHaveLength(1);
  });
});
