import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinicAutomationConfigs,
  clinics,
  patientCommunications,
  patients,
  surveyRequests,
} from '../../db/schema';
import { createDemoOpenAiSandboxState, openAiSandbox } from '../../integrations/openai/openai.sandbox';
import {
  createDemoTwilioSandboxState,
  type TwilioSandboxState,
  twilioSandbox,
  twilioSandboxDemo,
} from '../../integrations/twilio/twilio.sandbox';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from '../outbox/send-sweep.service';
import { planClinicSurveys } from '../surveys/survey-planner';

// The sandbox's clock: a clinic in sandbox mode runs its planner and sender as at a chosen
// instant, so a browser spec can check the sending window without waiting for the real clock.

let t: TestApp;
let fakes: FastifyInstance;
let twilio: TwilioSandboxState;
beforeAll(async () => {
  twilio = createDemoTwilioSandboxState();
  fakes = Fastify({ logger: false, forceCloseConnections: true });
  await fakes.register(twilioSandbox(twilio), { prefix: '/sandbox/twilio' });
  await fakes.register(openAiSandbox(createDemoOpenAiSandboxState()), { prefix: '/sandbox/openai' });
  await fakes.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(fakes.server);
  t = await createTestApp({ env: { SANDBOX_URL: `http://127.0.0.1:${port}/sandbox` } });
});
afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

const run = (cookie: string | undefined, at: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/automation/run',
    headers: jsonHeaders(cookie ? { cookie } : {}),
    payload: { at },
  });

const enterSandbox = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/clinic/sandbox-mode',
    headers: jsonHeaders(cookie ? { cookie } : {}),
    payload: {},
  });

/** A Madrid clinic in sandbox mode, SMS through the Twilio fake, one Spanish patient treated the day before. */
async function madridClinic(procedureDate: Date) {
  const clinic = await buildClinic(t);
  const headers = jsonHeaders({ cookie: clinic.owner.cookie });
  expect((await enterSandbox(clinic.owner.cookie)).statusCode).toBe(200);
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers,
    payload: {
      provider: 'twilio',
      accountSid: twilioSandboxDemo.accountSid,
      authToken: twilioSandboxDemo.authToken,
      fromNumber: twilioSandboxDemo.fromNumber,
    },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/automation/settings',
    headers,
    payload: { smsEnabled: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.db
    .update(clinics)
    .set({ timeZone: 'Europe/Madrid', defaultLanguage: 'es' })
    .where(eq(clinics.id, clinic.clinicId));
  const patientId = `P-${randomBytes(6).toString('hex')}`;
  const phone = `+3461${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await t.db.insert(patients).values({
    clinicId: clinic.clinicId,
    id: patientId,
    name: 'María García',
    phone,
    procedure: 'Implante dental',
    language: 'es',
    procedureDate,
  });
  return { ...clinic, patientId, phone };
}

const outbox = (clinicId: string) =>
  t.db.select().from(patientCommunications).where(eq(patientCommunications.clinicId, clinicId));

describe('POST /api/sandbox/automation/run', () => {
  it('answers 401 without a session, 403 to staff, 409 to a clinic not in sandbox mode', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const at = '2026-11-25T09:00:00Z';
    expect((await run(undefined, at)).statusCode).toBe(401);
    expect((await run(staff.cookie, at)).statusCode).toBe(403);
    expect((await enterSandbox(staff.cookie)).statusCode).toBe(403);
    expect((await enterSandbox()).statusCode).toBe(401);
    const notSandbox = await run(owner.cookie, at);
    expect(notSandbox.statusCode).toBe(409);
    expect((await run(owner.cookie, 'tomorrow at nine')).statusCode).toBe(400);
  });

  it("plans at 08:30 Madrid for the window's opening, sends nothing before it, sends at 09:30 Madrid (08:30 UTC)", async () => {
    // Wednesday 25 Nov 2026, Madrid is UTC+1: 08:30 Madrid = 07:30 UTC.
    const clinic = await madridClinic(new Date('2026-11-24T10:00:00Z'));
    const early = await run(clinic.owner.cookie, '2026-11-25T07:30:00Z');
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({ planned: 1, claimed: 0, sent: 0 });
    const [planned] = await outbox(clinic.clinicId);
    // The window opens at 09:00 Madrid, 08:00 UTC (not 09:00 UTC).
    expect(planned).toMatchObject({ patientId: clinic.patientId, deliveryStatus: 'queued', language: 'es' });
    expect(planned!.scheduledAt!.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(twilio.messages.filter((m) => m.to === clinic.phone)).toEqual([]);

    // 09:30 in Madrid is still 08:30 in UTC, before a UTC window would open.
    const inWindow = await run(clinic.owner.cookie, '2026-11-25T08:30:00Z');
    expect(inWindow.statusCode, inWindow.body).toBe(200);
    expect(inWindow.json()).toMatchObject({ planned: 0, claimed: 1, sent: 1 });
    const [sent] = await outbox(clinic.clinicId);
    expect(sent).toMatchObject({ deliveryStatus: 'sent' });
    expect(twilio.messages.filter((m) => m.to === clinic.phone)).toHaveLength(1);

    // Again at the same instant: nothing more is planned or sent.
    expect((await run(clinic.owner.cookie, '2026-11-25T08:30:00Z')).json()).toMatchObject({
      planned: 0,
      claimed: 0,
    });
  });
});

describe('surveys on the sandbox clock', () => {
  it('a sandbox run plans the survey on its day and sends it in Spanish with a live link', async () => {
    const clinic = await madridClinic(new Date('2026-11-24T10:00:00Z'));
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    await t.db
      .update(clinics)
      .set({ subscriptionTier: 'professional' })
      .where(eq(clinics.id, clinic.clinicId));
    // Surveys only: the follow-ups switched off, so no other message shares the patient's day.
    await t.db
      .update(clinicAutomationConfigs)
      .set({ smsEnabled: false })
      .where(eq(clinicAutomationConfigs.clinicId, clinic.clinicId));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/surveys/settings',
      headers,
      payload: { enabled: true, dayAfterProcedure: 2, channel: 'sms' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The real-clock planner (the job) leaves this clinic to its sandbox runs.
    expect(await planClinicSurveys(t.deps, clinic.clinicId, new Date('2026-11-26T08:30:00Z'))).toMatchObject({
      planned: 0,
    });
    // The day before the survey day nothing is planned; on it (09:30 Madrid) it is planned and sent.
    expect((await run(clinic.owner.cookie, '2026-11-25T08:30:00Z')).json()).toMatchObject({ planned: 0 });
    const due = await run(clinic.owner.cookie, '2026-11-26T08:30:00Z');
    expect(due.json()).toMatchObject({ planned: 1, sent: 1 });
    const [sms] = twilio.messages.filter((m) => m.to === clinic.phone);
    expect(sms?.body).toMatch(
      /^Hola María, ¿qué probabilidad hay de que recomiende .*\/s\/[A-Za-z0-9_-]{43}$/,
    );
    const [request] = await t.db
      .select()
      .from(surveyRequests)
      .where(eq(surveyRequests.clinicId, clinic.clinicId));
    expect(request).toMatchObject({ language: 'es', sentAt: new Date('2026-11-26T08:30:00Z') });
  });
});

describe('a clinic on the sandbox clock and the real-time schedules', () => {
  it('are not both acting on it: the real sweep leaves its sandbox-planned messages to the sandbox runs', async () => {
    // Planned at 08:30 Madrid on 25 Nov for 09:00 Madrid (08:00 UTC): long due for the real clock.
    const clinic = await madridClinic(new Date('2026-11-24T10:00:00Z'));
    expect((await run(clinic.owner.cookie, '2026-11-25T07:30:00Z')).json()).toMatchObject({ planned: 1 });
    const realSweep = await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    expect(realSweep.claimed).toBe(0);
    expect((await outbox(clinic.clinicId))[0]).toMatchObject({ deliveryStatus: 'queued' });

    // Off the sandbox clock, the real sweep takes it at once (what made the two clocks race).
    await t.db.update(clinics).set({ sandboxClock: false }).where(eq(clinics.id, clinic.clinicId));
    expect((await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] })).claimed).toBe(1);
  });
});

describe('the sandbox clock outside sandbox mode', () => {
  it('is not mounted: 404, and the route table does not list it', async () => {
    const production = await createTestApp({ env: { SANDBOX_MODE: 'false' } });
    try {
      const { owner } = await buildClinic(production);
      for (const url of [
        '/api/sandbox/automation/run',
        '/api/sandbox/clinic/sandbox-mode',
        '/api/sandbox/trustpilot/reviews',
      ]) {
        const res = await production.app.inject({
          method: 'POST',
          url,
          headers: jsonHeaders({ cookie: owner.cookie }),
          payload: { at: '2026-11-25T09:00:00Z' },
        });
        expect(res.statusCode, url).toBe(404);
      }
      expect(production.app.declaredRoutes.some((r) => r.url.startsWith('/api/sandbox/'))).toBe(false);
      // In sandbox mode they are signed-in routes like any other: the route walker and the shared
      // guards (origin, no-store, per-user budget) cover them.
      expect(
        t.app.declaredRoutes
          .filter((r) => r.url.startsWith('/api/sandbox/'))
          .map((r) => `${r.method} ${r.url} ${r.access}`)
          .sort(),
      ).toEqual(
        [
          'POST /api/sandbox/clinic/sandbox-mode owner',
          'POST /api/sandbox/automation/run manager',
          'POST /api/sandbox/trustpilot/reviews manager',
          'GET /api/sandbox/test-credentials manager',
          'HEAD /api/sandbox/test-credentials manager',
          'POST /api/sandbox/sample-reviews manager',
        ].sort(),
      );
    } finally {
      await production.close();
    }
  });
});
