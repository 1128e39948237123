import { randomBytes } from 'node:crypto';
import { instantAtLocal, localDayOf, localMinutesOf } from '@careloop/domain/messaging/clinic-time';
import { nextSendingInstant } from '@careloop/domain/messaging/send-window';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, patients, webhookLogs } from '../../db/schema';
import { addWhatsAppSandboxTemplate } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { sendMessagesJob } from '../../jobs/send-messages.job';
import { newId } from '../../lib/ids';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { type OpenAiSandbox, startOpenAiSandbox } from '../../testing/openai-sandbox';
import { middayZone } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { followUpWhatsAppTemplate } from './channel-senders';
import { claimDueMessages, markInFlight } from './outbox.repository';
import { type ContextCache, outboxReasons, sendClaimedMessage } from './outbox.service';
import { sendDueMessages } from './send-sweep.service';

let t: TestApp;
let sandboxes: ChannelSandboxes;
let ai: OpenAiSandbox;

beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  ai = await startOpenAiSandbox();
  // The clinic's approved follow-up template, as registered with Meta.
  addWhatsAppSandboxTemplate(sandboxes.whatsapp, {
    name: followUpWhatsAppTemplate,
    languages: ['en', 'es', 'tr'],
    bodyParameters: 1,
  });
  // A clinic's own, registered in Spanish (Spain) only.
  addWhatsAppSandboxTemplate(sandboxes.whatsapp, {
    name: 'clinica_sol_seguimiento',
    languages: ['es_ES'],
    bodyParameters: 1,
  });
  t = await createTestApp({ env: { ...sandboxes.env, ...ai.env, INTEGRATION_MAX_RETRIES: '2' } });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
  await ai?.close();
});
beforeEach(() => {
  ai.state.replies.length = 0;
  ai.state.faults.length = 0;
  sandboxes.twilio.faults.length = 0;
  sandboxes.whatsapp.faults.length = 0;
});

const minute = 60_000;
const creds = channelSandboxCredentials;

/** A clinic with Twilio SMS (and WhatsApp when asked) set up against the test sandboxes. */
async function readyClinic(options: { whatsapp?: boolean } = {}) {
  const clinic = await buildClinic(t, { practiceName: 'Sunrise Dental' });
  // Sent on the real clock: a zone where it is now midday keeps the sends inside the window.
  await t.db.update(clinics).set({ timeZone: middayZone() }).where(eq(clinics.id, clinic.clinicId));
  const headers = jsonHeaders({ cookie: clinic.owner.cookie });
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers,
    payload: { provider: 'twilio', ...creds.twilio },
  });
  expect(sms.statusCode).toBe(200);
  if (options.whatsapp) {
    const wa = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/whatsapp',
      headers,
      payload: { accessToken: creds.whatsapp.accessToken, phoneNumberId: creds.whatsapp.phoneNumberId },
    });
    expect(wa.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/automation/settings',
      headers,
      payload: { whatsappEnabled: true, smsEnabled: true, defaultChannel: 'whatsapp' },
    });
    expect(saved.statusCode).toBe(200);
  }
  return clinic;
}

let phoneCounter = 0;
const uniquePhone = () =>
  `+3461${String(2_000_000 + (process.pid % 1000) * 1000 + phoneCounter++).padStart(7, '0')}`;

async function addPatient(
  clinicId: string,
  options: { smsOptedOut?: boolean; marketingConsent?: boolean; name?: string } = {},
) {
  const id = `P-${randomBytes(6).toString('hex')}`;
  const phone = uniquePhone();
  await t.db.insert(patients).values({
    clinicId,
    id,
    name: options.name ?? 'Ana Ruiz',
    phone,
    procedure: 'Dental Implant',
    language: 'en',
    procedureDate: new Date(Date.now() - 3 * 86_400_000),
    smsOptedOutAt: options.smsOptedOut ? new Date() : null,
    smsOptOutSource: options.smsOptedOut ? 'patient_reply' : null,
    marketingConsent: options.marketingConsent ? 'granted' : null,
    marketingConsentAt: options.marketingConsent ? new Date() : null,
    marketingConsentSource: options.marketingConsent ? 'staff' : null,
  });
  return { id, phone };
}

/** A planned message, due now (as the planner writes it). */
async function queue(
  clinicId: string,
  patientId: string,
  options: { kind?: 'followup' | 'crosssell'; channel?: 'sms' | 'whatsapp'; fallback?: 'sms' | null } = {},
) {
  const kind = options.kind ?? 'followup';
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel: options.channel ?? 'sms',
    fallbackChannel: options.fallback ?? null,
    kind,
    scheduleDay: 3,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:${kind}:3`,
    scheduledAt: new Date(Date.now() - minute),
    language: 'en',
    isMarketing: kind === 'crosssell',
  });
  return id;
}

const row = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!;

const smsTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);
const whatsAppTo = (phone: string) => sandboxes.whatsapp.sent.filter((m) => m.to === phone.replace('+', ''));
const run = (clinicId: string, options: Parameters<typeof sendDueMessages>[1] = {}) =>
  sendDueMessages(t.deps, { clinicIds: [clinicId], ...options });

describe('send-messages job', () => {
  it('runs every minute and is registered', async () => {
    expect(sendMessagesJob.schedule).toEqual({ cron: '* * * * *' });
    const { jobRegistry } = await import('../../jobs/registry');
    expect(jobRegistry.map((job) => job.name)).toContain('send-messages');
  });
});

describe('sending the outbox', () => {
  it('sends a message planned while the run watches, and ends the watch when the process stops', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    const stopping = new AbortController();
    let ended = false;
    const watching = run(clinicId, { watchMs: 50_000, lookEveryMs: 100, stopping: stopping.signal }).then(
      (result) => {
        ended = true;
        return result;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await queue(clinicId, patient.id);
    for (let i = 0; i < 100 && smsTo(patient.phone).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smsTo(patient.phone)).toHaveLength(1);
    expect(ended).toBe(false);
    stopping.abort();
    expect(await watching).toMatchObject({ claimed: 1, sent: 1 });
  });

  it('tells of a wave once, when a claim comes back full, and sends every message of it once', async () => {
    const { clinicId } = await readyClinic();
    const phones: string[] = [];
    for (let i = 0; i < 5; i++) {
      const patient = await addPatient(clinicId);
      phones.push(patient.phone);
      await queue(clinicId, patient.id);
    }
    let told = 0;
    const onBacklog = async () => {
      told += 1;
    };
    // Batches of 2: three claims (2, 2, 1), the wave told at the first.
    expect(await run(clinicId, { batchSize: 2, concurrency: 2, onBacklog })).toMatchObject({
      claimed: 5,
      sent: 5,
    });
    expect(told).toBe(1);
    expect(phones.map((phone) => smsTo(phone).length)).toEqual([1, 1, 1, 1, 1]);

    // One message due against batches of 2: no wave.
    const patient = await addPatient(clinicId);
    await queue(clinicId, patient.id);
    expect(await run(clinicId, { batchSize: 2, onBacklog })).toMatchObject({ claimed: 1, sent: 1 });
    expect(told).toBe(1);

    // Helpers that cannot be queued (the database refused) leave nothing unsent.
    const more = [await addPatient(clinicId), await addPatient(clinicId)];
    for (const p of more) await queue(clinicId, p.id);
    const failing = async () => {
      throw new Error('queue refused');
    };
    expect(await run(clinicId, { batchSize: 2, onBacklog: failing })).toMatchObject({
      claimed: 2,
      sent: 2,
      errors: 0,
    });
    expect(more.map((p) => smsTo(p.phone).length)).toEqual([1, 1]);
  });

  it('sends a due follow-up by SMS with the AI text, and stores the provider id', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    const aiText =
      'Hi Ana, this is Sunrise Dental. We hope all is well after your Dental Implant. Reply with any questions.';
    ai.state.replies.push(aiText);

    const result = await run(clinicId);
    expect(result).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    const sent = smsTo(patient.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(aiText);
    const stored = await row(clinicId, id);
    expect(stored).toMatchObject({
      deliveryStatus: 'sent',
      providerMessageId: sent[0]!.sid,
      messageContent: aiText,
      attempts: 1,
      providerError: null,
    });
    expect(stored.sentAt).toBeInstanceOf(Date);
    // The prompt carried the tone, the treatment, the day, the type and the language.
    const prompt = JSON.stringify(ai.state.requests.at(-1)?.messages);
    expect(prompt).toContain('Dental Implant');
    expect(prompt).toContain('Days since the treatment: 3');
    expect(prompt).toContain('Message type: followup');
    expect(prompt).toContain('Language: en');
    expect(prompt).toContain('Tone: professional');
    // Nothing is due any more.
    expect(await run(clinicId)).toMatchObject({ claimed: 0 });
  });

  it("falls back to the clinic's template when the AI text names a health detail", async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId, { name: 'Carmen Vidal' });
    const id = await queue(clinicId, patient.id);
    ai.state.replies.push('Hi Carmen, is the swelling and pain better after your Dental Implant?');
    await run(clinicId);
    const stored = await row(clinicId, id);
    expect(stored.deliveryStatus).toBe('sent');
    expect(stored.messageContent).toContain('Hi Carmen');
    expect(stored.messageContent).toContain('Dental Implant');
    expect(stored.messageContent).not.toMatch(/swelling|pain/);
    expect(smsTo(patient.phone)[0]!.body).toBe(stored.messageContent);
  });

  it('a provider answering 500 then 200 ends in one delivered message', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    sandboxes.twilio.faults.push({ kind: 'status', status: 500 });
    const result = await run(clinicId);
    expect(result).toMatchObject({ sent: 1, requeued: 0 });
    expect(smsTo(patient.phone)).toHaveLength(1);
    expect(await row(clinicId, id)).toMatchObject({ deliveryStatus: 'sent', attempts: 1 });
  });

  it('an outage that outlasts the retries is queued again with backoff, then sent once', async () => {
    const { clinicId } = await readyClinic();
    await t.db.update(clinics).set({ timeZone: 'UTC' }).where(eq(clinics.id, clinicId));
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    // The first try and its 2 retries all answer 503, at noon in the clinic's zone (UTC): the
    // backoff stays inside the sending window.
    for (let i = 0; i < 3; i++) sandboxes.twilio.faults.push({ kind: 'status', status: 503 });
    const noon = new Date(instantAtLocal(localDayOf(Date.now(), 'UTC') + 1, 12 * 60, 'UTC'));
    expect(await run(clinicId, { now: () => noon })).toMatchObject({ requeued: 1, sent: 0 });
    const waiting = await row(clinicId, id);
    expect(waiting).toMatchObject({ deliveryStatus: 'queued', sentAt: null, attempts: 1 });
    expect(waiting.providerError).toMatch(/^twilio/);
    expect(waiting.scheduledAt!.getTime()).toBe(noon.getTime() + minute);
    expect(await run(clinicId)).toMatchObject({ claimed: 0 }); // not before its time
    const later = new Date(noon.getTime() + 2 * minute);
    expect(await run(clinicId, { now: () => later })).toMatchObject({ sent: 1 });
    expect(smsTo(patient.phone)).toHaveLength(1);
    expect(await row(clinicId, id)).toMatchObject({ deliveryStatus: 'sent', attempts: 2 });
  });

  it('a backoff that would land in quiet hours waits for the next opening of the sending window', async () => {
    const clinic = await readyClinic();
    const { clinicId } = clinic;
    await t.db.update(clinics).set({ timeZone: 'Europe/Madrid' }).where(eq(clinics.id, clinicId));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/automation/settings',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { quietHours: { sendFrom: '09:00', sendUntil: '20:00' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    for (let i = 0; i < 3; i++) sandboxes.twilio.faults.push({ kind: 'status', status: 503 });
    // 19:59:30 in Madrid tomorrow: one minute of backoff would be 20:00:30, inside quiet hours.
    const tomorrow = localDayOf(Date.now(), 'Europe/Madrid') + 1;
    const lateEvening = new Date(instantAtLocal(tomorrow, 20 * 60, 'Europe/Madrid') - 30_000);
    expect(await run(clinicId, { now: () => lateEvening })).toMatchObject({ requeued: 1 });
    const waiting = await row(clinicId, id);
    expect(waiting.deliveryStatus).toBe('queued');
    expect(waiting.scheduledAt!.getTime()).toBe(instantAtLocal(tomorrow + 1, 9 * 60, 'Europe/Madrid'));
    expect(localMinutesOf(waiting.scheduledAt!, 'Europe/Madrid')).toBe(9 * 60);
    // Nothing goes out during the night; at the opening it is sent once.
    const night = new Date(instantAtLocal(tomorrow + 1, 3 * 60, 'Europe/Madrid'));
    expect(await run(clinicId, { now: () => night })).toMatchObject({ claimed: 0 });
    expect(await run(clinicId, { now: () => waiting.scheduledAt! })).toMatchObject({ sent: 1 });
    expect(smsTo(patient.phone)).toHaveLength(1);
  });

  it('nextSendingInstant: inside the window unchanged, before it the same morning, after it the next', () => {
    const zone = 'America/New_York';
    const hours = { sendFrom: '09:00', sendUntil: '20:00' };
    const day = localDayOf(Date.UTC(2026, 6, 15, 12), zone);
    const at = (minutes: number, d = day) => new Date(instantAtLocal(d, minutes, zone));
    expect(nextSendingInstant(at(9 * 60), hours, zone)).toEqual(at(9 * 60));
    expect(nextSendingInstant(at(19 * 60 + 59), hours, zone)).toEqual(at(19 * 60 + 59));
    expect(nextSendingInstant(at(7 * 60), hours, zone)).toEqual(at(9 * 60));
    expect(nextSendingInstant(at(20 * 60), hours, zone)).toEqual(at(9 * 60, day + 1));
    expect(nextSendingInstant(at(23 * 60 + 30), hours, zone)).toEqual(at(9 * 60, day + 1));
  });

  it('a worker killed between claiming and sending: after restart every message is sent exactly once', async () => {
    const { clinicId } = await readyClinic();
    const list = await Promise.all([1, 2, 3].map(() => addPatient(clinicId)));
    const ids = await Promise.all(list.map((p) => queue(clinicId, p.id)));

    // Worker A claims, then dies before sending anything.
    const claimedByA = await claimDueMessages(t.db, { now: new Date(), limit: 10, clinicIds: [clinicId] });
    expect(claimedByA.map((m) => m.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await row(clinicId, id)).deliveryStatus).toBe('sending');

    // A restarted worker soon after: the claims are not stale yet, nothing is sent twice in parallel.
    expect(await run(clinicId)).toMatchObject({ claimed: 0, recovered: { requeued: 0, unknown: 0 } });
    // Once stale, the claims are taken back and the messages sent, once each.
    const later = new Date(Date.now() + 11 * minute);
    const result = await run(clinicId, { now: () => later });
    expect(result).toMatchObject({ recovered: { requeued: 3, unknown: 0 }, claimed: 3, sent: 3 });
    for (const p of list) expect(smsTo(p.phone)).toHaveLength(1);
    for (const id of ids)
      expect(await row(clinicId, id)).toMatchObject({ deliveryStatus: 'sent', attempts: 2 });

    // Worker A wakes up and goes on with its old claims: its marker write is refused, nothing is sent.
    const cache: ContextCache = new Map();
    for (const message of claimedByA) {
      const outcome = await sendClaimedMessage(t.deps, cache, message, {
        now: () => new Date(),
        retryLater: true,
      });
      expect(outcome).toBe('lost_claim');
    }
    for (const p of list) expect(smsTo(p.phone)).toHaveLength(1);
    expect(await run(clinicId, { now: () => new Date(later.getTime() + 11 * minute) })).toMatchObject({
      claimed: 0,
      recovered: { requeued: 0, unknown: 0 },
    });
  });

  it('a worker killed during the provider call: the message is not sent again, and the reason is visible', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    const [claim] = await claimDueMessages(t.db, { now: new Date(), limit: 1, clinicIds: [clinicId] });
    // The marker was committed; the provider call was under way when the worker died.
    expect(
      await markInFlight(t.db, claim!, {
        channel: 'sms',
        messageContent: 'Hi',
        providerError: null,
        now: new Date(),
      }),
    ).toBe('marked');
    const later = new Date(Date.now() + 11 * minute);
    expect(await run(clinicId, { now: () => later })).toMatchObject({
      recovered: { requeued: 0, unknown: 1 },
      claimed: 0,
    });
    expect(smsTo(patient.phone)).toHaveLength(0);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.unknownOutcome,
    });
  });

  it('two workers sweeping at once send each message once', async () => {
    const { clinicId } = await readyClinic();
    const list = await Promise.all(Array.from({ length: 12 }, () => addPatient(clinicId)));
    await Promise.all(list.map((p) => queue(clinicId, p.id)));
    const [a, b] = await Promise.all([
      run(clinicId, { batchSize: 3, concurrency: 2 }),
      run(clinicId, { batchSize: 3, concurrency: 2 }),
    ]);
    expect(a.sent + b.sent).toBe(12);
    expect(a.claimed + b.claimed).toBe(12);
    for (const p of list) expect(smsTo(p.phone)).toHaveLength(1);
  });

  it('an opt-out recorded after planning stops the next scheduled send', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id);
    await t.db
      .update(patients)
      .set({ smsOptedOutAt: new Date(), smsOptOutSource: 'patient_reply' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patient.id)));
    expect(await run(clinicId)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(smsTo(patient.phone)).toHaveLength(0);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
      providerMessageId: null,
    });
  });

  it('no marketing consent, no cross-sell; with consent it goes', async () => {
    const { clinicId } = await readyClinic();
    const without = await addPatient(clinicId);
    const withConsent = await addPatient(clinicId, { marketingConsent: true });
    const refused = await queue(clinicId, without.id, { kind: 'crosssell' });
    const allowed = await queue(clinicId, withConsent.id, { kind: 'crosssell' });
    ai.state.faults.push({ kind: 'status', status: 400 }, { kind: 'status', status: 400 });
    await run(clinicId, { concurrency: 1 });
    expect(smsTo(without.phone)).toHaveLength(0);
    expect(await row(clinicId, refused)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.no_marketing_consent,
    });
    expect(smsTo(withConsent.phone)).toHaveLength(1);
    const sent = await row(clinicId, allowed);
    expect(sent.deliveryStatus).toBe('sent');
    // The AI failed: the cross-sell template went.
    expect(sent.messageContent).toContain('other treatments');
  });

  it('WhatsApp: the template outside the 24-hour window, free text inside it', async () => {
    const { clinicId } = await readyClinic({ whatsapp: true });
    const cold = await addPatient(clinicId);
    const warm = await addPatient(clinicId);
    await t.db.insert(webhookLogs).values({
      clinicId,
      id: newId('whl'),
      webhookType: 'inbound_message',
      provider: 'whatsapp',
      patientId: warm.id,
      patientPhone: warm.phone,
      messageContent: 'Thanks!',
      receivedAt: new Date(Date.now() - 60 * minute),
    });
    sandboxes.whatsapp.lastInboundAt.set(
      `${creds.whatsapp.phoneNumberId}:${warm.phone.replace('+', '')}`,
      new Date(Date.now() - 60 * minute),
    );
    const coldId = await queue(clinicId, cold.id, { channel: 'whatsapp', fallback: 'sms' });
    const warmId = await queue(clinicId, warm.id, { channel: 'whatsapp', fallback: 'sms' });
    const aiCallsBefore = ai.state.requests.length;
    expect(await run(clinicId)).toMatchObject({ sent: 2 });
    expect(whatsAppTo(cold.phone).map((m) => m.type)).toEqual(['template']);
    expect(whatsAppTo(cold.phone)[0]!.template?.parameters).toEqual(['Ana']);
    expect(whatsAppTo(warm.phone).map((m) => m.type)).toEqual(['text']);
    expect(whatsAppTo(warm.phone)[0]!.callbackData).toBe(warmId);
    // The conversation keeps what the patient received, and no AI text is
    // written for a template send (one AI call: the warm patient's free text).
    expect(await row(clinicId, coldId)).toMatchObject({
      channel: 'whatsapp',
      deliveryStatus: 'sent',
      messageContent: `WhatsApp template "${followUpWhatsAppTemplate}" (en), {{1}} = Ana`,
    });
    expect(ai.state.requests.length - aiCallsBefore).toBe(1);
    expect(smsTo(cold.phone)).toHaveLength(0);
  });

  it('WhatsApp: the clinic’s own template name and registered language go outside the window', async () => {
    const { clinicId, owner } = await readyClinic({ whatsapp: true });
    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/whatsapp',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {
        phoneNumberId: creds.whatsapp.phoneNumberId,
        templateName: 'clinica_sol_seguimiento',
        templateLanguage: 'es_ES',
      },
    });
    expect(named.statusCode).toBe(200);
    const patient = await addPatient(clinicId);
    const id = await queue(clinicId, patient.id, { channel: 'whatsapp', fallback: 'sms' });
    expect(await run(clinicId)).toMatchObject({ sent: 1 });
    const [sent] = whatsAppTo(patient.phone);
    expect(sent).toMatchObject({
      type: 'template',
      template: { name: 'clinica_sol_seguimiento', language: 'es_ES', parameters: ['Ana'] },
    });
    expect((await row(clinicId, id)).messageContent).toBe(
      'WhatsApp template "clinica_sol_seguimiento" (es_ES), {{1}} = Ana',
    );
    expect(smsTo(patient.phone)).toHaveLength(0);
  });

  it('a failed WhatsApp send falls back to SMS, and the fallback is recorded', async () => {
    const { clinicId } = await readyClinic({ whatsapp: true });
    const patient = await addPatient(clinicId);
    sandboxes.whatsapp.undeliverable.add(patient.phone.replace('+', ''));
    const id = await queue(clinicId, patient.id, { channel: 'whatsapp', fallback: 'sms' });
    expect(await run(clinicId)).toMatchObject({ sent: 1 });
    expect(whatsAppTo(patient.phone)).toHaveLength(0);
    expect(smsTo(patient.phone)).toHaveLength(1);
    const stored = await row(clinicId, id);
    expect(stored).toMatchObject({
      channel: 'sms',
      deliveryStatus: 'sent',
      providerMessageId: smsTo(patient.phone)[0]!.sid,
    });
    expect(stored.providerError).toMatch(/^WhatsApp failed \(whatsapp 131026: .*\); sent by SMS instead$/);
  });

  it('a definitive provider refusal is stored failed with the provider code and reason', async () => {
    const { clinicId } = await readyClinic();
    const patient = await addPatient(clinicId);
    sandboxes.twilio.optOuts.add(`${creds.twilio.fromNumber}|${patient.phone}`);
    const id = await queue(clinicId, patient.id);
    expect(await run(clinicId)).toMatchObject({ failed: 1 });
    const stored = await row(clinicId, id);
    expect(stored.deliveryStatus).toBe('failed');
    expect(stored.providerError).toMatch(/^twilio 21610: /);
  });
});

describe('POST /api/automation/test-message', () => {
  const body = (clinicId: string, patientId: string, phone: string) => ({
    patientId,
    clinicId,
    treatmentType: 'Teeth Whitening',
    patientPhone: phone,
    daysAfterTreatment: 7,
    messageType: 'followup',
    preferredChannel: 'sms',
  });
  const post = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/automation/test-message',
      headers: jsonHeaders({ cookie }),
      payload,
    });

  it('sends one test message through the outbox path and answers the generated text', async () => {
    const { clinicId, owner } = await readyClinic();
    const patient = await addPatient(clinicId);
    const phone = uniquePhone();
    const text =
      'Hi Ana, this is Sunrise Dental checking in a week after your Teeth Whitening. Reply with any questions.';
    ai.state.replies.push(text);
    const res = await post(owner.cookie, body(clinicId, patient.id, phone));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      success: true,
      message: 'AI message sent via sms',
      channel: 'sms',
      generatedMessage: text,
      source: 'ai',
      deliveryStatus: 'sent',
    });
    expect(smsTo(phone)).toHaveLength(1);
    expect(smsTo(phone)[0]!.body).toBe(text);
    expect(JSON.stringify(ai.state.requests.at(-1)?.messages)).toContain('Days since the treatment: 7');
    expect(await row(clinicId, answer.messageId)).toMatchObject({ kind: 'test', deliveryStatus: 'sent' });
  });

  it('a WhatsApp test outside the 24-hour window says the template went, and spends no AI call', async () => {
    const { clinicId, owner } = await readyClinic({ whatsapp: true });
    const patient = await addPatient(clinicId);
    const phone = uniquePhone();
    const aiCallsBefore = ai.state.requests.length;
    const res = await post(owner.cookie, {
      ...body(clinicId, patient.id, phone),
      preferredChannel: 'whatsapp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'WhatsApp template sent',
      channel: 'whatsapp',
      source: 'whatsapp_template',
      generatedMessage: `WhatsApp template "${followUpWhatsAppTemplate}" (en), {{1}} = Ana`,
    });
    expect(ai.state.requests.length).toBe(aiCallsBefore);
    expect(whatsAppTo(phone).map((m) => m.type)).toEqual(['template']);
  });

  it('checks the fields: 400 with details and nothing stored', async () => {
    const { clinicId, owner } = await readyClinic();
    const patient = await addPatient(clinicId);
    const res = await post(owner.cookie, {
      ...body(clinicId, patient.id, 'not a phone'),
      treatmentType: ' ',
      daysAfterTreatment: 366,
      messageType: 'reminder',
    });
    expect(res.statusCode).toBe(400);
    const messages = JSON.stringify(res.json().error.details);
    for (const expected of [
      'Treatment type is required',
      'Please enter a valid phone number',
      'Days after treatment must be between 1 and 365',
      'Message type must be followup or crosssell',
    ])
      expect(messages).toContain(expected);
    const zero = await post(owner.cookie, {
      ...body(clinicId, patient.id, uniquePhone()),
      daysAfterTreatment: 0,
    });
    expect(zero.statusCode).toBe(400);
    const stored = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.clinicId, clinicId))
      .orderBy(asc(patientCommunications.createdAt));
    expect(stored).toHaveLength(0);
  });

  it("another clinic's id or patient answers 404; staff are refused; no consent, no cross-sell test", async () => {
    const { clinicId, owner } = await readyClinic();
    const other = await readyClinic();
    const patient = await addPatient(clinicId);
    const foreign = await addPatient(other.clinicId);
    expect((await post(owner.cookie, body(other.clinicId, patient.id, uniquePhone()))).statusCode).toBe(404);
    expect((await post(owner.cookie, body(clinicId, foreign.id, uniquePhone()))).statusCode).toBe(404);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await post(staff.cookie, body(clinicId, patient.id, uniquePhone()))).statusCode).toBe(403);
    const crossSell = await post(owner.cookie, {
      ...body(clinicId, patient.id, uniquePhone()),
      messageType: 'crosssell',
    });
    expect(crossSell.statusCode).toBe(409);
    const whatsapp = await post(owner.cookie, {
      ...body(clinicId, patient.id, uniquePhone()),
      preferredChannel: 'whatsapp',
    });
    expect(whatsapp.statusCode).toBe(400);
    expect(whatsapp.json().error.details[0].field).toBe('preferredChannel');
    const stored = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.clinicId, clinicId));
    expect(stored).toHaveLength(0);
  });

  it("a provider refusal answers 502 'Failed to send follow-up message' and keeps the reason", async () => {
    const { clinicId, owner } = await readyClinic();
    const patient = await addPatient(clinicId);
    const phone = uniquePhone();
    sandboxes.twilio.optOuts.add(`${creds.twilio.fromNumber}|${phone}`);
    const res = await post(owner.cookie, body(clinicId, patient.id, phone));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to send follow-up message');
    expect(res.json().error.details.reason).toMatch(/^twilio 21610/);
  });
});
