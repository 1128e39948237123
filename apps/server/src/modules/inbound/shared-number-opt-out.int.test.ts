import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications, patients } from '../../db/schema';
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
import { recordProviderOptOut } from './provider-opt-out.service';

// A family shares one phone: a mother and her son are both patients with the same number. STOP from
// that number is its owner speaking, so it stops the channel for every patient on it, and START
// resumes it for all of them; a provider's refusal of the number does the same. Over the real
// WhatsApp webhook path (WhatsApp has no provider-side block behind a STOP, unlike Twilio's SMS).

let t: TestApp;
let sandboxes: ChannelSandboxes;
let publicUrl = '';
let listening: AppBehindChannelSandboxes | undefined;
const appSecret = 'shared-number-app-secret';

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

const whatsAppClinic = () =>
  channelConnectedClinic(t, { channel: 'whatsapp', publicUrl, appSecret, practiceName: 'Clínica Familia' });
type Clinic = Awaited<ReturnType<typeof whatsAppClinic>>;

let phoneCounter = 0;
const familyPhone = () => `+3461${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

async function patient(clinic: Clinic, name: string, phone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { name, phone, language: 'es', procedure: 'Dental Implant' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function plannedFollowUp(clinicId: string, patientId: string) {
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel: 'whatsapp',
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

const optOutsOf = async (clinicId: string, id: string) => {
  const [row] = await t.db
    .select({
      whatsapp: patients.whatsappOptedOutAt,
      source: patients.whatsappOptOutSource,
      sms: patients.smsOptedOutAt,
    })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));
  return row!;
};

const reply = (clinic: Clinic, from: string, text: string) => {
  sandboxes.whatsapp.webhook = { url: clinic.urls.whatsapp, appSecret };
  return simulateWhatsAppInbound(sandboxes.whatsapp, {
    phoneNumberId: creds.whatsapp.phoneNumberId,
    from,
    text,
  });
};

describe('a phone number shared by several patients', () => {
  it('STOP from it stops WhatsApp for every patient on it, and none of their follow-ups is sent', async () => {
    const clinic = await whatsAppClinic();
    const phone = familyPhone();
    const mother = await patient(clinic, 'Carmen Ruiz', phone);
    const son = await patient(clinic, 'Pablo Ruiz', phone);
    const neighbour = await patient(clinic, 'Elena Sanz', familyPhone());
    const sonsFollowUp = await plannedFollowUp(clinic.clinicId, son);

    expect((await reply(clinic, phone, 'STOP')).status).toBe(200);

    for (const id of [mother, son]) {
      expect(await optOutsOf(clinic.clinicId, id)).toEqual({
        whatsapp: expect.any(Date),
        source: 'patient_reply',
        sms: null,
      });
    }
    expect((await optOutsOf(clinic.clinicId, neighbour)).whatsapp).toBeNull();
    const sentBefore = sandboxes.whatsapp.sent.length;
    await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    const [followUp] = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinic.clinicId), eq(patientCommunications.id, sonsFollowUp)),
      );
    expect(followUp).toMatchObject({ deliveryStatus: 'failed', providerError: outboxReasons.opted_out });
    expect(sandboxes.whatsapp.sent.length).toBe(sentBefore);
  });

  it('START from it resumes WhatsApp for every patient on it', async () => {
    const clinic = await whatsAppClinic();
    const phone = familyPhone();
    const mother = await patient(clinic, 'Ayşe Yılmaz', phone);
    const daughter = await patient(clinic, 'Elif Yılmaz', phone);
    expect((await reply(clinic, phone, 'DUR')).status).toBe(200);
    expect((await optOutsOf(clinic.clinicId, daughter)).whatsapp).toEqual(expect.any(Date));

    expect((await reply(clinic, phone, 'BAŞLA')).status).toBe(200);

    for (const id of [mother, daughter]) expect((await optOutsOf(clinic.clinicId, id)).whatsapp).toBeNull();
  });

  it("a provider's opt-out learnt from a message to one of them opts out the others on the number too", async () => {
    const clinic = await whatsAppClinic();
    const phone = familyPhone();
    const father = await patient(clinic, 'Luis Gómez', phone);
    const daughter = await patient(clinic, 'Marta Gómez', phone);
    const other = await patient(clinic, 'Rosa Díaz', familyPhone());

    await recordProviderOptOut(t.db, clinic.clinicId, father, 'sms', new Date());

    for (const id of [father, daughter]) {
      expect(await optOutsOf(clinic.clinicId, id)).toMatchObject({ sms: expect.any(Date), whatsapp: null });
    }
    expect((await optOutsOf(clinic.clinicId, other)).sms).toBeNull();
  });
});
