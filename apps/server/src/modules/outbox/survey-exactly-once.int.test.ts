import { randomBytes } from 'node:crypto';
import { dayFromIsoDate, instantAtLocal } from '@careloop/domain/messaging/clinic-time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinicSurveySettings,
  clinics,
  patientCommunications,
  patients,
  surveyRequests,
} from '../../db/schema';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { planClinicSurveys } from '../surveys/survey-planner';
import { claimDueMessages, markInFlight } from './outbox.repository';
import { type ContextCache, outboxReasons, sendClaimedMessage } from './outbox.service';
import { sendDueMessages } from './send-sweep.service';

// A crash between sending a survey and recording it loses nothing and sends nothing twice, as for
// follow-ups: the claim, the marker committed before the provider call, the stale sweep.

let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({ env: { ...sandboxes.env, INTEGRATION_MAX_RETRIES: '2' } });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

const zone = 'Europe/Madrid';
const procedureDay = dayFromIsoDate('2026-04-06')!;
const madrid = (days: number, hour: number, minute = 0) =>
  new Date(instantAtLocal(procedureDay + days, hour * 60 + minute, zone));
const minute = 60_000;

let phoneCounter = 0;
/** A clinic with surveys by SMS and `count` Spanish patients whose surveys are planned, due at 09:00. */
async function plannedSurveys(count: number, channel: 'sms' | 'email' = 'sms') {
  const clinic = await buildClinic(t, { tier: 'professional', practiceName: 'Clínica Sol' });
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { provider: 'twilio', ...channelSandboxCredentials.twilio },
  });
  expect(sms.statusCode).toBe(200);
  const { clinicId } = clinic;
  await t.db.update(clinics).set({ timeZone: zone, defaultLanguage: 'es' }).where(eq(clinics.id, clinicId));
  await t.db.insert(clinicSurveySettings).values({ clinicId, enabled: true, dayAfterProcedure: 3, channel });
  const phones: string[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `+3464${String(1_000_000 + (process.pid % 1000) * 1000 + phoneCounter++).padStart(7, '0')}`;
    phones.push(phone);
    await t.db.insert(patients).values({
      clinicId,
      id: `P-${randomBytes(6).toString('hex')}`,
      name: 'Lucía Gómez',
      phone,
      email: `lucia.${randomBytes(4).toString('hex')}@patients.example`,
      procedure: 'Dental Implant',
      language: 'es',
      procedureDate: madrid(0, 12),
    });
  }
  expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7))).toMatchObject({ planned: count });
  return { clinicId, phones };
}

const smsTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);
const run = (clinicId: string, at: Date, options: Parameters<typeof sendDueMessages>[1] = {}) =>
  sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => at, ...options });
const surveysOf = (clinicId: string) =>
  t.db
    .select()
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.kind, 'survey')));
const requestsOf = (clinicId: string) =>
  t.db.select().from(surveyRequests).where(eq(surveyRequests.clinicId, clinicId));

describe('surveys are sent exactly once', () => {
  it('a worker killed between claiming and sending: after restart each survey goes once', async () => {
    const { clinicId, phones } = await plannedSurveys(3);
    const claimedAt = madrid(3, 9, 1);
    const claimedByA = await claimDueMessages(t.db, { now: claimedAt, limit: 10, clinicIds: [clinicId] });
    expect(claimedByA).toHaveLength(3);

    // Soon after, the claims are not stale: nothing is sent beside the stopped worker.
    expect(await run(clinicId, new Date(claimedAt.getTime() + minute))).toMatchObject({ claimed: 0 });
    // Once stale they are taken back and sent, once each.
    const later = new Date(claimedAt.getTime() + 11 * minute);
    expect(await run(clinicId, later)).toMatchObject({ recovered: { requeued: 3 }, claimed: 3, sent: 3 });
    for (const phone of phones) expect(smsTo(phone)).toHaveLength(1);

    // Worker A wakes up with its old claims: its marker is refused, nothing more is sent.
    const cache: ContextCache = new Map();
    for (const message of claimedByA)
      expect(await sendClaimedMessage(t.deps, cache, message, { now: () => later, retryLater: true })).toBe(
        'lost_claim',
      );
    for (const phone of phones) expect(smsTo(phone)).toHaveLength(1);
    for (const row of await surveysOf(clinicId))
      expect(row).toMatchObject({ deliveryStatus: 'sent', attempts: 2 });
    for (const request of await requestsOf(clinicId)) expect(request.sentAt).not.toBeNull();
  });

  it('a worker killed during the provider call: the survey is not sent again, and the reason is visible', async () => {
    const { clinicId, phones } = await plannedSurveys(1);
    const claimedAt = madrid(3, 9, 1);
    const [claim] = await claimDueMessages(t.db, { now: claimedAt, limit: 1, clinicIds: [clinicId] });
    expect(
      await markInFlight(t.db, claim!, {
        channel: 'sms',
        messageContent: 'Hola Lucía',
        providerError: null,
        now: claimedAt,
      }),
    ).toBe('marked');
    expect(await run(clinicId, new Date(claimedAt.getTime() + 11 * minute))).toMatchObject({
      recovered: { requeued: 0, unknown: 1 },
      claimed: 0,
    });
    expect(smsTo(phones[0]!)).toHaveLength(0);
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.unknownOutcome,
    });
    // Planning again does not plan the survey a second time.
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 12))).toMatchObject({ planned: 0 });
  });

  it('a provider outage is retried later and ends in one survey; two sweeps at once send each once', async () => {
    const { clinicId, phones } = await plannedSurveys(6);
    sandboxes.twilio.faults.push(
      ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503 })),
    );
    const [a, b] = await Promise.all([
      run(clinicId, madrid(3, 9, 1), { batchSize: 2, concurrency: 2 }),
      run(clinicId, madrid(3, 9, 1), { batchSize: 2, concurrency: 2 }),
    ]);
    expect(a.claimed + b.claimed).toBe(6);
    const retried = await run(clinicId, madrid(3, 11));
    expect(a.sent + b.sent + retried.sent).toBe(6);
    for (const phone of phones) expect(smsTo(phone)).toHaveLength(1);
  });

  it('e-mail: an SMTP refusal that took nothing is tried again later, once; a permanent one or no answer is not', async () => {
    const mailed: string[] = [];
    // The SMTP server's answers, one per send: what nodemailer throws for each.
    const answers: (Error | null)[] = [];
    const smtpError = (message: string, fields: object) => Object.assign(new Error(message), fields);
    const mailer = {
      ...t.deps.mailer,
      send: async (message: { to: string }) => {
        const answer = answers.shift() ?? null;
        if (answer) throw answer;
        mailed.push(message.to);
        return {};
      },
    };
    const sweep = (clinicId: string, at: Date) =>
      sendDueMessages({ ...t.deps, mailer }, { clinicIds: [clinicId], now: () => at });

    const temporary = await plannedSurveys(1, 'email');
    answers.push(smtpError('451 4.7.1 Try again later', { responseCode: 451 }));
    expect(await sweep(temporary.clinicId, madrid(3, 9, 1))).toMatchObject({ requeued: 1, sent: 0 });
    expect((await surveysOf(temporary.clinicId))[0]).toMatchObject({
      deliveryStatus: 'queued',
      sentAt: null,
    });
    expect(await sweep(temporary.clinicId, madrid(3, 9, 5))).toMatchObject({ sent: 1 });
    expect(mailed).toHaveLength(1);

    const permanent = await plannedSurveys(1, 'email');
    answers.push(smtpError('550 5.1.1 No such user', { responseCode: 550 }));
    expect(await sweep(permanent.clinicId, madrid(3, 9, 1))).toMatchObject({ failed: 1 });
    expect((await surveysOf(permanent.clinicId))[0]!.providerError).toMatch(
      /^Not sent: the e-mail server refused/,
    );

    // The connection dropped after the message was handed over: it may have gone, so never again.
    const dropped = await plannedSurveys(1, 'email');
    answers.push(smtpError('Connection closed unexpectedly', { code: 'ETIMEDOUT' }));
    expect(await sweep(dropped.clinicId, madrid(3, 9, 1))).toMatchObject({ unknown: 1 });
    expect(await sweep(dropped.clinicId, madrid(3, 12))).toMatchObject({ claimed: 0 });
    expect((await surveysOf(dropped.clinicId))[0]).toMatchObject({ deliveryStatus: 'failed' });
    expect(mailed).toHaveLength(1);
  });
});
