import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients } from '../../db/schema';
import { simulateTwilioInbound } from '../../integrations/twilio/twilio.sandbox';
import {
  type AppBehindChannelSandboxes,
  startAppBehindChannelSandboxes,
} from '../../testing/app-behind-channel-sandboxes';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import type { TestApp } from '../../testing/test-app';
import { optOutConfirmationText } from './consent-confirmation';
import { inboundWebhookUrls } from './webhook-urls';

// An opt-out is confirmed in the patient's language (else the
// clinic's), end to end: the patient's language is set through the API, the Twilio fake signs
// and posts the reply to this app's public URL, and the confirmation goes back through the fake.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let publicUrl = '';
let listening: AppBehindChannelSandboxes | undefined;

beforeAll(async () => {
  listening = await startAppBehindChannelSandboxes();
  ({ t, sandboxes, publicUrl } = listening);
});
afterAll(() => listening?.close());

type Clinic = Awaited<ReturnType<typeof buildClinic>>;
let phoneCounter = 0;
const uniquePhone = () => `+3462${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

async function twilioClinic(defaultLanguage?: 'en' | 'es' | 'tr') {
  const clinic = await buildClinic(t, { practiceName: 'Clínica Sol' });
  for (const [name, value] of Object.entries({
    TWILIO_ACCOUNT_SID: creds.twilio.accountSid,
    TWILIO_AUTH_TOKEN: creds.twilio.authToken,
  })) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { name: `${name}_${clinic.clinicId}`, value },
    });
    expect(res.statusCode).toBe(201);
  }
  if (defaultLanguage) {
    await t.db.update(clinics).set({ defaultLanguage }).where(eq(clinics.id, clinic.clinicId));
  }
  return { ...clinic, urls: inboundWebhookUrls(publicUrl, clinic.clinicId) };
}

async function patientWith(clinic: Clinic, name: string, language: 'en' | 'es' | 'tr' | null) {
  const phone = uniquePhone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { name, phone, language },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, phone };
}

const reply = (clinic: Clinic & { urls: { twilioInbound: string } }, from: string, body: string) =>
  simulateTwilioInbound(sandboxes.twilio, {
    accountSid: creds.twilio.accountSid,
    from,
    to: creds.twilio.fromNumber,
    body,
    url: clinic.urls.twilioInbound,
  });
const sentTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);
const optedOutAt = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
  )[0]!.smsOptedOutAt;

describe('opt-out confirmations in the patient language', () => {
  it('"Baja" from a Spanish patient gets the Spanish text, "İPTAL" from a Turkish one the Turkish text; once each', async () => {
    const clinic = await twilioClinic();
    const ana = await patientWith(clinic, 'Ana Ruiz', 'es');
    const ayse = await patientWith(clinic, 'Ayşe Yılmaz', 'tr');

    expect((await reply(clinic, ana.phone, 'Baja')).status).toBe(200);
    expect((await reply(clinic, ayse.phone, 'İPTAL')).status).toBe(200);

    expect(sentTo(ana.phone).map((m) => m.body)).toEqual([
      optOutConfirmationText('Clínica Sol', 'es', 'sms'),
    ]);
    expect(sentTo(ana.phone)[0]!.body).toMatch(/^Ya no recibirás mensajes de Clínica Sol por SMS/);
    expect(sentTo(ayse.phone).map((m) => m.body)).toEqual([
      optOutConfirmationText('Clínica Sol', 'tr', 'sms'),
    ]);
    expect(sentTo(ayse.phone)[0]!.body).toMatch(/artık SMS mesajı almayacaksınız/);
    expect(await optedOutAt(clinic.clinicId, ana.id)).not.toBeNull();
    expect(await optedOutAt(clinic.clinicId, ayse.id)).not.toBeNull();

    // Nothing more goes out to them: a repeated opt-out word is not confirmed again.
    await reply(clinic, ana.phone, 'baja');
    await reply(clinic, ayse.phone, 'iptal');
    expect(sentTo(ana.phone)).toHaveLength(1);
    expect(sentTo(ayse.phone)).toHaveLength(1);
  });

  it('the way back is the local word, and it works: ALTA in Spanish, BAŞLA in Turkish', async () => {
    const clinic = await twilioClinic();
    const ana = await patientWith(clinic, 'Ana Ruiz', 'es');
    const ayse = await patientWith(clinic, 'Ayşe Yılmaz', 'tr');
    await reply(clinic, ana.phone, 'Baja');
    await reply(clinic, ayse.phone, 'İPTAL');
    const spanish = sentTo(ana.phone)[0]!.body;
    const turkish = sentTo(ayse.phone)[0]!.body;
    expect(spanish).toMatch(/Responde ALTA para volver a recibirlos\.$/);
    expect(turkish).toMatch(/Tekrar almak için BAŞLA yazın\.$/);
    expect(`${spanish} ${turkish}`).not.toContain('START');

    expect((await reply(clinic, ana.phone, 'ALTA')).status).toBe(200);
    expect((await reply(clinic, ayse.phone, 'BAŞLA')).status).toBe(200);
    expect(await optedOutAt(clinic.clinicId, ana.id)).toBeNull();
    expect(await optedOutAt(clinic.clinicId, ayse.id)).toBeNull();
  });

  it("a patient without a language gets the clinic's language", async () => {
    const clinic = await twilioClinic('es');
    const luis = await patientWith(clinic, 'Luis Gómez', null);
    await reply(clinic, luis.phone, 'Baja');
    expect(sentTo(luis.phone).map((m) => m.body)).toEqual([
      optOutConfirmationText('Clínica Sol', 'es', 'sms'),
    ]);
  });
});
