import { planPrices } from '@careloop/domain/plans';
import { usageMonthOf } from '@careloop/domain/usage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const usage = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } });

type Sent = { channel: 'sms' | 'whatsapp'; at: Date | null; status?: string };

async function buildMessages(clinicId: string, patientId: string, messages: Sent[]) {
  if (messages.length === 0) return;
  await t.db.insert(patientCommunications).values(
    messages.map((m) => ({
      clinicId,
      id: newId('msg'),
      patientId,
      channel: m.channel,
      kind: 'followup',
      messageContent: 'Hello',
      deliveryStatus: m.status ?? 'sent',
      sentAt: m.at,
    })),
  );
}

const times = (n: number, message: Sent) => Array.from({ length: n }, () => message);

describe('GET /api/usage', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/usage' })).statusCode).toBe(401);
  });

  it('is zero for a new starter clinic, with starter allowances and no prompt', async () => {
    const { owner } = await buildClinic(t);
    const res = await usage(owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      plan: 'starter',
      whatsapp: { used: 0, limit: 200 },
      sms: { used: 0, limit: 0 },
      patients: { used: 0, limit: 100 },
      usagePercent: 0,
      patientLimitExceeded: false,
      showUpgradePrompt: false,
      recommendedPlan: 'professional',
      recommendedPrice: planPrices.professional,
      smsAddOn: { priceCents: 5_000, sms: 300 },
    });
  });

  it("counts the messages sent in the clinic's calendar month by channel, and its patients", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const timeZone = 'America/New_York';
    await t.db.update(clinics).set({ timeZone, country: 'ES' }).where(eq(clinics.id, clinicId));
    const month = usageMonthOf(new Date(), timeZone);
    const patient = await buildPatient(t, clinicId);
    await buildPatient(t, clinicId, { name: 'Bo Li' });
    const inMonth = new Date(month.startsAt.getTime());
    const justBefore = new Date(month.startsAt.getTime() - 1);
    await buildMessages(clinicId, patient.id, [
      ...times(3, { channel: 'whatsapp', at: inMonth }),
      { channel: 'whatsapp', at: inMonth, status: 'delivered' },
      { channel: 'whatsapp', at: inMonth, status: 'read' },
      ...times(2, { channel: 'sms', at: inMonth }),
      // not counted: last month, failed, still queued, claimed but not sent
      { channel: 'whatsapp', at: justBefore },
      { channel: 'sms', at: justBefore, status: 'delivered' },
      { channel: 'sms', at: inMonth, status: 'failed' },
      { channel: 'whatsapp', at: null, status: 'queued' },
      { channel: 'sms', at: inMonth, status: 'sending' },
    ]);
    // Another clinic's messages never count.
    const other = await buildClinic(t);
    const stranger = await buildPatient(t, other.clinicId);
    await buildMessages(other.clinicId, stranger.id, times(4, { channel: 'whatsapp', at: inMonth }));

    const body = (await usage(owner.cookie)).json();
    expect(body.month).toBe(month.month);
    expect(body.periodStart).toBe(month.startsAt.toISOString());
    expect(body.periodEnd).toBe(month.endsAt.toISOString());
    expect(body.whatsapp).toEqual({ used: 5, limit: 200 });
    expect(body.sms).toEqual({ used: 2, limit: 0 });
    expect(body.patients).toEqual({ used: 2, limit: 100 });
    expect(body.usagePercent).toBe(3.5);
    expect(body.projection.region).toBe('eu');
    expect((await usage(other.owner.cookie)).json().whatsapp.used).toBe(4);
  });

  it('opens the prompt at 90 % for a starter clinic, to any member', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const month = usageMonthOf(new Date(), 'UTC');
    const patient = await buildPatient(t, clinicId);
    await buildMessages(clinicId, patient.id, times(179, { channel: 'whatsapp', at: month.startsAt }));
    expect((await usage(staff.cookie)).json()).toMatchObject({
      usagePercent: 89.5,
      showUpgradePrompt: false,
    });
    await buildMessages(clinicId, patient.id, [{ channel: 'whatsapp', at: month.startsAt }]);
    expect((await usage(staff.cookie)).json()).toMatchObject({ usagePercent: 90, showUpgradePrompt: true });
  });

  it('says the patient limit is exceeded past 100 patients on starter, never prompts enterprise', async () => {
    const { clinicId, owner } = await buildClinic(t);
    for (let i = 0; i < 101; i += 1) await buildPatient(t, clinicId, { name: `Patient ${i}` });
    expect((await usage(owner.cookie)).json()).toMatchObject({
      patients: { used: 101, limit: 100 },
      patientLimitExceeded: true,
      showUpgradePrompt: true,
    });
    await t.db.update(clinics).set({ subscriptionTier: 'enterprise' }).where(eq(clinics.id, clinicId));
    expect((await usage(owner.cookie)).json()).toMatchObject({
      plan: 'enterprise',
      patients: { used: 101, limit: null },
      usagePercent: null,
      patientLimitExceeded: false,
      showUpgradePrompt: false,
      smsAddOn: null,
    });
  });
});

describe('POST /api/usage/upgrade-prompt/dismissals', () => {
  const dismiss = (cookie: string, threshold: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usage/upgrade-prompt/dismissals',
      headers: jsonHeaders({ cookie }),
      payload: { threshold },
    });

  it('keeps the dialog closed for that user until the next threshold is crossed', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const month = usageMonthOf(new Date(), 'UTC');
    const patient = await buildPatient(t, clinicId);
    await buildMessages(clinicId, patient.id, times(180, { channel: 'whatsapp', at: month.startsAt }));
    const at90 = (await usage(owner.cookie)).json();
    expect(at90).toMatchObject({
      showUpgradePrompt: true,
      upgradePromptThreshold: `messages-90:starter:${month.month}`,
    });

    expect((await dismiss(owner.cookie, at90.upgradePromptThreshold)).statusCode).toBe(204);
    // A second "Remind me later" (another tab) is the same dismissal.
    expect((await dismiss(owner.cookie, at90.upgradePromptThreshold)).statusCode).toBe(204);
    expect((await usage(owner.cookie)).json()).toMatchObject({ showUpgradePrompt: false });
    // Another session of the same user: still closed. Another user: still offered.
    expect((await usage(staff.cookie)).json()).toMatchObject({ showUpgradePrompt: true });

    // 100 %: a new threshold, offered again once.
    await buildMessages(clinicId, patient.id, times(20, { channel: 'whatsapp', at: month.startsAt }));
    expect((await usage(owner.cookie)).json()).toMatchObject({
      showUpgradePrompt: true,
      upgradePromptThreshold: `messages-100:starter:${month.month}`,
    });
  });

  it('refuses a threshold the clinic has not reached, storing nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const month = usageMonthOf(new Date(), 'UTC');
    const refused = await dismiss(owner.cookie, `messages-90:starter:${month.month}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('This usage threshold is not the one your clinic has reached');
    const patient = await buildPatient(t, clinicId);
    await buildMessages(clinicId, patient.id, times(180, { channel: 'whatsapp', at: month.startsAt }));
    expect((await usage(owner.cookie)).json()).toMatchObject({ showUpgradePrompt: true });
    expect((await dismiss(owner.cookie, '')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usage/upgrade-prompt/dismissals',
      payload: { threshold: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
