import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications, patients } from '../../db/schema';
import { simulateTwilioInbound } from '../../integrations/twilio/twilio.sandbox';
import { addWhatsAppSandboxTemplate } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { simulateWhatsAppInbound } from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { newId } from '../../lib/ids';
import {
  type AppBehindChannelSandboxes,
  startAppBehindChannelSandboxes,
} from '../../testing/app-behind-channel-sandboxes';
import { jsonHeaders } from '../../testing/build-user';
import { channelConnectedClinic } from '../../testing/channel-connected-clinic';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import type { TestApp } from '../../testing/test-app';
import { followUpWhatsAppTemplate } from '../outbox/channel-senders';
import { outboxReasons } from '../outbox/outbox.service';
import { sendDueMessages } from '../outbox/send-sweep.service';

// Patients whose surname is a consent keyword (Stop, Dur, Alto, Fin, Para, Baja): a reply that is
// only the keyword opts them out, over the real webhook path, and the follow-ups already planned
// for them are not sent.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let publicUrl = '';
let listening: AppBehindChannelSandboxes | undefined;

beforeAll(async () => {
  listening = await startAppBehindChannelSandboxes();
  ({ t, sandboxes, publicUrl } = listening);
  addWhatsAppSandboxTemplate(sandboxes.whatsapp, {
    name: followUpWhatsAppTemplate,
    languages: ['en', 'es', 'tr'],
    bodyParameters: 1,
  });
});
afterAll(() => listening?.close());

const appSecret = 'name-keyword-app-secret';

const connectedClinic = (channel: 'sms' | 'whatsapp') =>
  channelConnectedClinic(t, { channel, publicUrl, appSecret });
type Clinic = Awaited<ReturnType<typeof connectedClinic>>;

let phoneCounter = 0;
const uniquePhone = () => `+3465${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

async function patientNamed(clinic: Clinic, name: string, language: 'es' | 'tr') {
  const phone = uniquePhone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { name, phone, language, procedure: 'Dental Implant' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}

/** A follow-up the planner wrote for the patient, due now. */
async function plannedFollowUp(clinicId: string, patientId: string, channel: 'sms' | 'whatsapp') {
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel,
    kind: 'followup',
    scheduleDay: 7,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:followup:7:${randomBytes(3).toString('hex')}`,
    scheduledAt: new Date(Date.now() - 60_000),
    language: 'es',
  });
  return id;
}

const patientRow = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
  )[0]!;
const messageRow = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!;

const twilioReply = (clinic: Clinic, from: string, body: string) =>
  simulateTwilioInbound(sandboxes.twilio, {
    accountSid: creds.twilio.accountSid,
    from,
    to: creds.twilio.fromNumber,
    body,
    url: clinic.urls.twilioInbound,
  });
const followUpsTo = (phone: string) =>
  sandboxes.twilio.messages.filter(
    (m) => m.to === phone && !/STOP|START|ALTA|BAŞLA|baja/i.test(m.body ?? ''),
  );

describe("an opt-out keyword that is also the patient's surname", () => {
  it('"Lucía Stop" texting "Stop." over SMS is opted out, and her planned follow-up is not sent', async () => {
    const clinic = await connectedClinic('sms');
    const lucia = await patientNamed(clinic, 'Lucía Stop', 'es');
    const followUp = await plannedFollowUp(clinic.clinicId, lucia.id, 'sms');

    expect((await twilioReply(clinic, lucia.phone, 'Stop.')).status).toBe(200);

    expect(await patientRow(clinic.clinicId, lucia.id)).toMatchObject({
      smsOptedOutAt: expect.any(Date),
      smsOptOutSource: 'patient_reply',
    });
    await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    expect(await messageRow(clinic.clinicId, followUp)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
      providerMessageId: null,
    });
    expect(followUpsTo(lucia.phone)).toEqual([]);
  });

  it('"Mehmet Dur" texting "DUR" over WhatsApp is opted out of WhatsApp, and the follow-up there stops', async () => {
    const clinic = await connectedClinic('whatsapp');
    const mehmet = await patientNamed(clinic, 'Mehmet Dur', 'tr');
    const followUp = await plannedFollowUp(clinic.clinicId, mehmet.id, 'whatsapp');
    sandboxes.whatsapp.webhook = { url: clinic.urls.whatsapp, appSecret };

    const reply = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: mehmet.phone,
      text: 'DUR',
    });
    expect(reply.status).toBe(200);

    expect(await patientRow(clinic.clinicId, mehmet.id)).toMatchObject({
      whatsappOptedOutAt: expect.any(Date),
      whatsappOptOutSource: 'patient_reply',
      smsOptedOutAt: null,
    });
    const sentBefore = sandboxes.whatsapp.sent.length;
    await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    expect(await messageRow(clinic.clinicId, followUp)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
    });
    expect(sandboxes.whatsapp.sent.length).toBe(sentBefore);
  });

  it('the same name as a signature after other words is not an opt-out', async () => {
    const clinic = await connectedClinic('sms');
    const lucia = await patientNamed(clinic, 'Lucía Stop', 'es');
    expect((await twilioReply(clinic, lucia.phone, 'Todo bien, gracias. Lucía Stop')).status).toBe(200);
    expect((await patientRow(clinic.clinicId, lucia.id)).smsOptedOutAt).toBeNull();
  });
});
