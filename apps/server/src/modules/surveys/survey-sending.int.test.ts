import { randomBytes } from 'node:crypto';
import { dayFromIsoDate, instantAtLocal } from '@careloop/domain/messaging/clinic-time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clinicSurveySettings,
  clinics,
  patientCommunications,
  patients,
  surveyRequests,
} from '../../db/schema';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { addWhatsAppSandboxTemplate } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import type { JobContext } from '../../jobs/job-definition';
import { planClinicSurveysJob, planSurveysJob } from '../../jobs/plan-surveys.job';
import { jobRegistry } from '../../jobs/registry';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { readMails } from '../../testing/outbox';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';
import { inboundWebhookUrls } from '../inbound/webhook-urls';
import { outboxReasons } from '../outbox/outbox.service';
import { sendDueMessages } from '../outbox/send-sweep.service';
import { surveyWhatsAppTemplate } from '../outbox/survey-sender';
import { getPublicSurvey } from './survey-answers.service';
import { hashSurveyToken } from './survey-link-token';
import { planClinicSurveys } from './survey-planner';

// Surveys planned by their own planner and sent through the outbox, on a fixed clock in Madrid:
// the patient's language, the sending window, one message a day, opt-outs, the plan gate, e-mail.

let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  // The survey template each clinic registers with Meta: the first name, then the link.
  addWhatsAppSandboxTemplate(sandboxes.whatsapp, {
    name: surveyWhatsAppTemplate,
    languages: ['en', 'es', 'tr'],
    bodyParameters: 2,
  });
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});
beforeEach(() => {
  sandboxes.twilio.faults.length = 0;
});

const zone = 'Europe/Madrid';
const procedureDay = dayFromIsoDate('2026-03-02')!;
/** A Madrid wall-clock instant, `days` after the procedure's date. */
const madrid = (days: number, hour: number, minute = 0) =>
  new Date(instantAtLocal(procedureDay + days, hour * 60 + minute, zone));

async function surveyClinic(
  options: { tier?: 'starter' | 'professional'; channel?: 'sms' | 'whatsapp' | 'email' } = {},
) {
  const clinic = await buildClinic(t, { tier: options.tier ?? 'professional', practiceName: 'Clínica Sol' });
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { provider: 'twilio', ...channelSandboxCredentials.twilio },
  });
  expect(sms.statusCode).toBe(200);
  if (options.channel === 'whatsapp') {
    const wa = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/whatsapp',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: channelSandboxCredentials.whatsapp,
    });
    expect(wa.statusCode).toBe(200);
  }
  await t.db
    .update(clinics)
    .set({ timeZone: zone, defaultLanguage: 'es' })
    .where(eq(clinics.id, clinic.clinicId));
  await t.db.insert(clinicSurveySettings).values({
    clinicId: clinic.clinicId,
    enabled: true,
    dayAfterProcedure: 3,
    channel: options.channel ?? 'sms',
  });
  return clinic;
}

let phoneCounter = 0;
async function addPatient(
  clinicId: string,
  options: { language?: string | null; email?: string | null; smsOptedOut?: boolean; name?: string } = {},
) {
  const id = `P-${randomBytes(6).toString('hex')}`;
  const phone = `+3463${String(1_000_000 + (process.pid % 1000) * 1000 + phoneCounter++).padStart(7, '0')}`;
  await t.db.insert(patients).values({
    clinicId,
    id,
    name: options.name ?? 'Lucía Gómez',
    phone,
    email: options.email ?? null,
    procedure: 'Dental Implant',
    language: options.language === undefined ? 'es' : options.language,
    // Noon of the procedure's date in the clinic's zone, as the patients module stores it.
    procedureDate: madrid(0, 12),
    smsOptedOutAt: options.smsOptedOut ? madrid(0, 12) : null,
    smsOptOutSource: options.smsOptedOut ? 'patient_reply' : null,
  });
  return { id, phone, email: options.email ?? null };
}

const surveysOf = (clinicId: string) =>
  t.db
    .select()
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.kind, 'survey')));
const requestsOf = (clinicId: string) =>
  t.db.select().from(surveyRequests).where(eq(surveyRequests.clinicId, clinicId));
const smsTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);
const send = (clinicId: string, at: Date) =>
  sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => at });
const tokenIn = (text: string) => /\/s\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

/** The patient's SMS reply, as Twilio posts it to the clinic's signed inbound webhook. */
async function replyBySms(clinicId: string, from: string, body: string) {
  const url = inboundWebhookUrls(testOrigin, clinicId).twilioInbound;
  const form = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: channelSandboxCredentials.twilio.accountSid,
    From: from,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature(url, form, channelSandboxCredentials.twilio.authToken),
    },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('survey planning', () => {
  it('plans one survey per patient and procedure on the survey day, in the patient’s language', async () => {
    const { clinicId } = await surveyClinic();
    const spanish = await addPatient(clinicId, { language: 'es' });
    const turkish = await addPatient(clinicId, { language: 'tr' });
    const unknown = await addPatient(clinicId, { language: null });

    // The day before the survey day nothing is due.
    expect(await planClinicSurveys(t.deps, clinicId, madrid(2, 12))).toMatchObject({ planned: 0 });
    // On the day, before the window opens: planned for its opening, 09:00 Madrid.
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7))).toMatchObject({ planned: 3 });
    // Planning again, even a day later, stores nothing twice.
    expect(await planClinicSurveys(t.deps, clinicId, madrid(4, 12))).toMatchObject({ planned: 0 });

    const rows = await surveysOf(clinicId);
    expect(rows).toHaveLength(3);
    const languageOf = (id: string) => rows.find((r) => r.patientId === id)?.language;
    expect([languageOf(spanish.id), languageOf(turkish.id), languageOf(unknown.id)]).toEqual([
      'es',
      'tr',
      'es',
    ]);
    for (const row of rows)
      expect(row).toMatchObject({ deliveryStatus: 'queued', channel: 'sms', scheduledAt: madrid(3, 9) });
    // Each message carries its survey request (same id), with a token hash and no link live yet.
    const requests = await requestsOf(clinicId);
    expect(requests.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const request of requests) {
      expect(request.tokenHash).toBe(t.deps.surveyLinkTokens.hashFor(request.id));
      expect(request).toMatchObject({ sentAt: null, expiresAt: null, procedure: 'Dental Implant' });
    }
  });

  it('plans nothing on Starter, with surveys off, or to a channel the patient opted out of', async () => {
    const starter = await surveyClinic({ tier: 'starter' });
    await addPatient(starter.clinicId);
    expect(await planClinicSurveys(t.deps, starter.clinicId, madrid(3, 10))).toMatchObject({ planned: 0 });

    const off = await surveyClinic();
    await t.db
      .update(clinicSurveySettings)
      .set({ enabled: false })
      .where(eq(clinicSurveySettings.clinicId, off.clinicId));
    await addPatient(off.clinicId);
    expect(await planClinicSurveys(t.deps, off.clinicId, madrid(3, 10))).toMatchObject({ planned: 0 });

    const { clinicId } = await surveyClinic();
    await addPatient(clinicId, { smsOptedOut: true });
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 10))).toMatchObject({
      planned: 0,
      skipped: 1,
    });
    for (const id of [starter.clinicId, off.clinicId, clinicId]) {
      expect(await surveysOf(id)).toEqual([]);
      expect(await requestsOf(id)).toEqual([]);
    }
  });

  it('the job fans out one planning job per clinic with surveys on, and both are registered', async () => {
    const { clinicId } = await surveyClinic();
    const off = await surveyClinic();
    await t.db
      .update(clinicSurveySettings)
      .set({ enabled: false })
      .where(eq(clinicSurveySettings.clinicId, off.clinicId));
    const sent: { name: string; payload: object }[] = [];
    const ctx: JobContext = {
      ...t.deps,
      log: { info: () => {}, error: () => {} },
      sendMany: async (name, jobs) => {
        for (const { payload } of jobs) sent.push({ name, payload });
        return jobs.length;
      },
    };
    await planSurveysJob.handle({}, ctx);
    expect(sent).toContainEqual({ name: 'plan-clinic-surveys', payload: { clinicId } });
    expect(sent).not.toContainEqual({ name: 'plan-clinic-surveys', payload: { clinicId: off.clinicId } });
    expect(jobRegistry).toEqual(expect.arrayContaining([planSurveysJob, planClinicSurveysJob]));
    expect(planSurveysJob.schedule).toEqual({ cron: '*/15 * * * *' });
  });
});

describe('survey sending', () => {
  it('sends the invitation with a live link; the stored text hides the token', async () => {
    const { clinicId } = await surveyClinic();
    const patient = await addPatient(clinicId, { language: 'tr', name: 'Ayşe Demir' });
    await planClinicSurveys(t.deps, clinicId, madrid(3, 7));
    expect(await send(clinicId, madrid(3, 9, 5))).toMatchObject({ claimed: 1, sent: 1 });

    const [sms] = smsTo(patient.phone);
    expect(sms?.body).toMatch(/^Merhaba Ayşe, Clínica Sol kliniğini .* \S+\/s\/[A-Za-z0-9_-]{43}$/);
    expect(sms?.body).toContain(`${t.config.http.publicUrl}/s/`);
    const token = tokenIn(sms!.body)!;
    const [row] = await surveysOf(clinicId);
    expect(row).toMatchObject({ deliveryStatus: 'sent', channel: 'sms' });
    expect(row!.messageContent).toContain(`${t.config.http.publicUrl}/s/…`);
    expect(row!.messageContent).not.toContain(token);
    const [request] = await requestsOf(clinicId);
    expect(request!.tokenHash).toBe(hashSurveyToken(token));
    expect(request!.sentAt).toEqual(madrid(3, 9, 5));
    expect(request!.expiresAt).toEqual(new Date(madrid(3, 9, 5).getTime() + 30 * 86_400_000));
    // The link opens the survey in the patient's language for 30 days, then no longer.
    expect(await getPublicSurvey(t.deps, token, madrid(3, 10))).toMatchObject({
      clinicName: 'Clínica Sol',
      language: 'tr',
    });
    await expect(getPublicSurvey(t.deps, token, madrid(34, 10))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('holds a survey due in quiet hours to the next opening, and to the next day after another message', async () => {
    const { clinicId } = await surveyClinic();
    const late = await addPatient(clinicId);
    // Planned on the day at 21:00: the window has closed, so it goes at 09:00 the next morning.
    await planClinicSurveys(t.deps, clinicId, madrid(3, 21));
    const [row] = await surveysOf(clinicId);
    expect(row!.scheduledAt).toEqual(madrid(4, 9));
    expect(await send(clinicId, madrid(3, 23))).toMatchObject({ claimed: 0 });
    expect(smsTo(late.phone)).toHaveLength(0);

    // Another message went to the patient today: the survey is moved to tomorrow at send time.
    await t.db.insert(patientCommunications).values({
      clinicId,
      id: `msg_${randomBytes(6).toString('hex')}`,
      patientId: late.id,
      channel: 'sms',
      kind: 'followup',
      scheduleDay: 3,
      messageContent: 'Hola Lucía',
      deliveryStatus: 'sent',
      sentAt: madrid(4, 8, 30),
    });
    expect(await send(clinicId, madrid(4, 9, 1))).toMatchObject({ claimed: 1, deferred: 1, sent: 0 });
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      deliveryStatus: 'queued',
      scheduledAt: madrid(5, 9),
    });
    expect(await send(clinicId, madrid(5, 9, 1))).toMatchObject({ sent: 1 });
    expect(smsTo(late.phone)).toHaveLength(1);
  });

  it('an opt-out after planning stops the send; nothing is sent and the link never goes live', async () => {
    const { clinicId } = await surveyClinic();
    const patient = await addPatient(clinicId);
    await planClinicSurveys(t.deps, clinicId, madrid(3, 7));
    await t.db
      .update(patients)
      .set({ smsOptedOutAt: madrid(3, 8), smsOptOutSource: 'patient_reply' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patient.id)));
    expect(await send(clinicId, madrid(3, 10))).toMatchObject({ failed: 1, sent: 0 });
    expect(smsTo(patient.phone)).toHaveLength(0);
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
    });
    expect((await requestsOf(clinicId))[0]!.sentAt).toBeNull();
  });

  it('by e-mail: the survey goes to the patient’s address in their language; no address, no survey', async () => {
    const { clinicId } = await surveyClinic({ channel: 'email' });
    const email = `lucia.${randomBytes(4).toString('hex')}@patients.example`;
    const patient = await addPatient(clinicId, { email, language: 'es' });
    await addPatient(clinicId, { email: null });
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7))).toMatchObject({ planned: 1, skipped: 1 });
    expect(await send(clinicId, madrid(3, 9, 30))).toMatchObject({ sent: 1 });
    expect(smsTo(patient.phone)).toHaveLength(0);
    const [mail] = readMails(t.outboxDir, email);
    expect(mail?.subject).toBe('¿Qué tal su visita a Clínica Sol?');
    expect(mail?.text).toContain(
      'Hola Lucía, ¿qué probabilidad hay de que recomiende Clínica Sol a un amigo?',
    );
    const token = tokenIn(mail!.text)!;
    expect(hashSurveyToken(token)).toBe((await requestsOf(clinicId))[0]!.tokenHash);
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      channel: 'email',
      deliveryStatus: 'sent',
      billedAsOverage: false,
    });
  });

  it('by e-mail: none to a patient who texted STOP, planned or already queued (e-mail has no opt-out of its own)', async () => {
    const { clinicId } = await surveyClinic({ channel: 'email' });
    const stopped = await addPatient(clinicId, {
      email: `stop.${randomBytes(4).toString('hex')}@patients.example`,
      smsOptedOut: true,
    });
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7))).toMatchObject({ planned: 0, skipped: 1 });

    const queued = await addPatient(clinicId, {
      email: `later.${randomBytes(4).toString('hex')}@patients.example`,
    });
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7, 30))).toMatchObject({ planned: 1 });
    await t.db
      .update(patients)
      .set({ whatsappOptedOutAt: madrid(3, 8), whatsappOptOutSource: 'patient_reply' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, queued.id)));
    expect(await send(clinicId, madrid(3, 10))).toMatchObject({ failed: 1, sent: 0 });
    expect(readMails(t.outboxDir, stopped.email!)).toEqual([]);
    expect(readMails(t.outboxDir, queued.email!)).toEqual([]);
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
    });
  });

  it('by WhatsApp outside the 24-hour window: the survey template with the name and the link', async () => {
    const { clinicId } = await surveyClinic({ channel: 'whatsapp' });
    const patient = await addPatient(clinicId, { language: 'es' });
    await planClinicSurveys(t.deps, clinicId, madrid(3, 7));
    expect(await send(clinicId, madrid(3, 9, 30))).toMatchObject({ sent: 1 });
    const sent = sandboxes.whatsapp.sent.filter((m) => m.to === patient.phone.replace('+', ''));
    expect(sent.map((m) => m.template?.name)).toEqual([surveyWhatsAppTemplate]);
    const [firstName, link] = sent[0]!.template!.parameters;
    expect(firstName).toBe('Lucía');
    const token = tokenIn(link!)!;
    expect(hashSurveyToken(token)).toBe((await requestsOf(clinicId))[0]!.tokenHash);
    const [row] = await surveysOf(clinicId);
    expect(row!.messageContent).toBe(
      `WhatsApp template "${surveyWhatsAppTemplate}" (es), {{1}} = Lucía, {{2}} = ${t.config.http.publicUrl}/s/…`,
    );
    expect(smsTo(patient.phone)).toHaveLength(0);
  });

  it('an open clinical case pauses the survey: not planned, and a queued one fails with its reason', async () => {
    const { clinicId } = await surveyClinic();
    const before = await addPatient(clinicId, { name: 'Laura Gómez' });
    const after = await addPatient(clinicId, { name: 'Marta Díaz' });
    await replyBySms(clinicId, before.phone, 'Tengo dolor intenso y sangrado');
    expect(await planClinicSurveys(t.deps, clinicId, madrid(3, 7))).toMatchObject({ planned: 1 });
    expect((await surveysOf(clinicId)).map((r) => r.patientId)).toEqual([after.id]);
    await replyBySms(clinicId, after.phone, 'Tengo dolor intenso y sangrado');
    expect(await send(clinicId, madrid(3, 9, 30))).toMatchObject({ failed: 1, sent: 0 });
    expect(smsTo(after.phone)).toHaveLength(0);
    expect((await surveysOf(clinicId))[0]).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.clinical_case_open,
    });
  });
});
