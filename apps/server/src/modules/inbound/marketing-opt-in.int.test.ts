import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications } from '../../db/schema';
import { simulateTwilioInbound } from '../../integrations/twilio/twilio.sandbox';
import { simulateVonageInbound } from '../../integrations/vonage/vonage.sandbox';
import { simulateWhatsAppInbound } from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import { inboundSecrets, inboundWebhookApp, uniquePhone } from '../../testing/inbound-webhook-app';
import type { TestApp } from '../../testing/test-app';
import { marketingOptInConfirmationText, marketingOptOutConfirmationText } from './consent-confirmation';

// Marketing consent recorded by the patient's explicit opt-in keyword (OFFERS, OFERTAS,
// KAMPANYA; ADR 008), end to end over HTTP: each channel fake signs and posts the reply to this
// app's webhook routes, the consent is stored with its time and source `keyword`, and the one
// confirmation goes back through the fake in the patient's language.

const inbound = inboundWebhookApp();
const { patientRow } = inbound;
let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(() => {
  ({ t, sandboxes } = inbound.started());
});

const connectedClinic = () => inbound.connectedClinic({ practiceName: 'Clínica Sol' });
type Clinic = Awaited<ReturnType<typeof connectedClinic>>;

/** A patient added through the API, marketing consent withdrawn as staff recorded it. */
async function patientWith(
  clinic: Clinic,
  name: string,
  language: 'en' | 'es' | 'tr' | null,
  phone = uniquePhone(),
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { name, phone, language, marketingConsent: 'withdrawn' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}

const consentOverApi = async (clinic: Clinic, id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/patients/${id}`,
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().marketingConsent;
};

const consentMessages = (clinicId: string, patientId: string) =>
  t.db
    .select()
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        eq(patientCommunications.patientId, patientId),
        eq(patientCommunications.kind, 'consent'),
      ),
    );

const twilioReply = (clinic: Clinic, from: string, body: string) =>
  simulateTwilioInbound(sandboxes.twilio, {
    accountSid: creds.twilio.accountSid,
    from,
    to: creds.twilio.fromNumber,
    body,
    url: clinic.urls.twilioInbound,
  });
const smsTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);

describe('the marketing opt-in keyword through the inbound webhooks', () => {
  it('"OFERTAS" over Twilio records consent (source keyword, its time) and confirms once in Spanish', async () => {
    const clinic = await connectedClinic();
    const ana = await patientWith(clinic, 'Ana Ruiz', 'es');
    const before = await patientRow(clinic.clinicId, ana.id);
    expect(before).toMatchObject({ marketingConsent: 'withdrawn', marketingConsentSource: 'staff' });

    const sentAt = Date.now();
    expect((await twilioReply(clinic, ana.phone, 'Ofertas, gracias')).status).toBe(200);

    const after = await patientRow(clinic.clinicId, ana.id);
    expect(after).toMatchObject({
      marketingConsent: 'granted',
      marketingConsentSource: 'keyword',
      marketingConsentRecordedBy: null,
      smsOptedOutAt: null,
    });
    expect(after.marketingConsentAt!.getTime()).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(await consentOverApi(clinic, ana.id)).toMatchObject({
      state: 'granted',
      source: 'keyword',
      at: after.marketingConsentAt!.toISOString(),
    });
    const spanish = marketingOptInConfirmationText('Clínica Sol', 'es');
    expect(spanish).toMatch(/^Gracias: Clínica Sol te enviará ofertas/);
    expect(smsTo(ana.phone).map((m) => m.body)).toEqual([spanish]);
    // Sent (the fake's status callback may already have moved it on to delivered).
    expect(await consentMessages(clinic.clinicId, ana.id)).toEqual([
      expect.objectContaining({ channel: 'sms', messageContent: spanish, providerError: null }),
    ]);

    // The same word again: the first record stays, no second confirmation.
    expect((await twilioReply(clinic, ana.phone, 'OFERTAS')).status).toBe(200);
    expect((await patientRow(clinic.clinicId, ana.id)).marketingConsentAt).toEqual(after.marketingConsentAt);
    expect(smsTo(ana.phone)).toHaveLength(1);
  });

  it('"Kampanya" over WhatsApp gets the Turkish confirmation; "OFFERS" over Vonage the English one', async () => {
    const clinic = await connectedClinic();
    const ayse = await patientWith(clinic, 'Ayşe Yılmaz', 'tr');
    const john = await patientWith(clinic, 'John Smith', 'en');

    sandboxes.whatsapp.webhook = { url: clinic.urls.whatsapp, appSecret: inboundSecrets.whatsAppAppSecret };
    const whatsApp = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: ayse.phone,
      text: 'Kampanya',
    });
    expect(whatsApp.status).toBe(200);
    const vonage = await simulateVonageInbound(sandboxes.vonage, {
      apiKey: creds.vonage.apiKey,
      from: john.phone,
      to: '14155550100',
      text: 'OFFERS',
      url: clinic.urls.vonageInbound,
    });
    expect(vonage.status).toBe(204);

    for (const patient of [ayse, john]) {
      expect(await patientRow(clinic.clinicId, patient.id)).toMatchObject({
        marketingConsent: 'granted',
        marketingConsentSource: 'keyword',
      });
    }
    const turkish = marketingOptInConfirmationText('Clínica Sol', 'tr');
    expect(turkish).toMatch(/^Teşekkürler: Clínica Sol bundan sonra size kampanyalarını/);
    expect(
      sandboxes.whatsapp.sent.filter((m) => m.to === ayse.phone.replace('+', '')).map((m) => m.text),
    ).toEqual([turkish]);
    // Vonage lists each part of a long SMS as a message of its own: one send, one stored row.
    const english = marketingOptInConfirmationText('Clínica Sol', 'en');
    const toJohn = sandboxes.vonage.messages.filter((m) => m.to === john.phone.replace('+', ''));
    expect(new Set(toJohn.map((m) => m.text))).toEqual(new Set([english]));
    expect(await consentMessages(clinic.clinicId, john.id)).toEqual([
      expect.objectContaining({ messageContent: english, providerError: null }),
    ]);
  });

  it('START resumes the channel and records no marketing consent; OFFERS on a stopped channel records it and sends nothing', async () => {
    const clinic = await connectedClinic();
    const luis = await patientWith(clinic, 'Luis Gómez', 'es');
    const marta = await patientWith(clinic, 'Marta Díaz', 'es');

    // Luis stops, then resumes: the channel is back, marketing consent still withdrawn.
    await twilioReply(clinic, luis.phone, 'Baja');
    await twilioReply(clinic, luis.phone, 'ALTA');
    expect(await patientRow(clinic.clinicId, luis.id)).toMatchObject({
      smsOptedOutAt: null,
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'staff',
    });

    // Marta stops, then asks for offers: consent recorded, the channel stays stopped, no text goes.
    await twilioReply(clinic, marta.phone, 'Baja');
    const confirmationsBefore = smsTo(marta.phone).length;
    await twilioReply(clinic, marta.phone, 'Ofertas');
    const row = await patientRow(clinic.clinicId, marta.id);
    expect(row).toMatchObject({ marketingConsent: 'granted', marketingConsentSource: 'keyword' });
    expect(row.smsOptedOutAt).not.toBeNull();
    expect(smsTo(marta.phone)).toHaveLength(confirmationsBefore);
  });

  it("a patient without a language gets the clinic's; a question about offers records nothing", async () => {
    const clinic = await connectedClinic();
    await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinic.clinicId));
    const pablo = await patientWith(clinic, 'Pablo Ortiz', null);
    const rosa = await patientWith(clinic, 'Rosa Vidal', 'es');

    await twilioReply(clinic, pablo.phone, 'OFFERS');
    expect(smsTo(pablo.phone).map((m) => m.body)).toEqual([
      marketingOptInConfirmationText('Clínica Sol', 'es'),
    ]);

    await twilioReply(clinic, rosa.phone, '¿Tenéis ofertas de blanqueamiento?');
    expect(await patientRow(clinic.clinicId, rosa.id)).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'staff',
    });
    expect(smsTo(rosa.phone)).toEqual([]);
  });

  it('changes only the clinic whose signed webhook it is: the same phone in another clinic keeps its consent; an unsigned reply changes nothing', async () => {
    const clinic = await connectedClinic();
    const other = await connectedClinic();
    const phone = uniquePhone();
    const mine = await patientWith(clinic, 'Elena Ruiz', 'es', phone);
    const theirs = await patientWith(other, 'Elena Ruiz', 'es', phone);

    await twilioReply(clinic, phone, 'OFERTAS');
    expect((await patientRow(clinic.clinicId, mine.id)).marketingConsent).toBe('granted');
    expect(await patientRow(other.clinicId, theirs.id)).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'staff',
    });

    const unsigned = await fetch(other.urls.twilioInbound, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        MessageSid: `SM${'0'.repeat(32)}`,
        AccountSid: creds.twilio.accountSid,
        From: phone,
        To: creds.twilio.fromNumber,
        Body: 'OFERTAS',
      }).toString(),
    });
    expect(unsigned.status).toBe(401);
    expect((await patientRow(other.clinicId, theirs.id)).marketingConsent).toBe('withdrawn');
  });
});

describe('withdrawing marketing consent by reply', () => {
  it('"No quiero ofertas" over Twilio withdraws consent (source keyword), confirms once in Spanish, and leaves the channel open', async () => {
    const clinic = await connectedClinic();
    const ana = await patientWith(clinic, 'Ana Ruiz', 'es');
    expect((await twilioReply(clinic, ana.phone, 'OFERTAS')).status).toBe(200);
    expect((await patientRow(clinic.clinicId, ana.id)).marketingConsent).toBe('granted');

    const sentAt = Date.now();
    expect((await twilioReply(clinic, ana.phone, 'No quiero ofertas, gracias')).status).toBe(200);

    const after = await patientRow(clinic.clinicId, ana.id);
    expect(after).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'keyword',
      marketingConsentRecordedBy: null,
      smsOptedOutAt: null,
    });
    expect(after.marketingConsentAt!.getTime()).toBeGreaterThanOrEqual(sentAt - 1000);
    const spanish = marketingOptOutConfirmationText('Clínica Sol', 'es');
    expect(spanish).toMatch(/^Hecho: Clínica Sol ya no te enviará ofertas/);
    expect(smsTo(ana.phone).map((m) => m.body)).toEqual([
      marketingOptInConfirmationText('Clínica Sol', 'es'),
      spanish,
    ]);

    // Said again: nothing changes, nothing more is sent.
    expect((await twilioReply(clinic, ana.phone, 'Sin ofertas')).status).toBe(200);
    expect((await patientRow(clinic.clinicId, ana.id)).marketingConsentAt).toEqual(after.marketingConsentAt);
    expect(smsTo(ana.phone)).toHaveLength(2);
  });

  it('"Please stop sending me offers" in a sentence withdraws consent and leaves SMS open for care', async () => {
    const clinic = await connectedClinic();
    const emma = await patientWith(clinic, 'Emma Stone', 'en');
    await twilioReply(clinic, emma.phone, 'OFFERS');
    const reply = await twilioReply(clinic, emma.phone, 'Please stop sending me offers, thank you');
    expect(reply.status).toBe(200);
    expect(await patientRow(clinic.clinicId, emma.id)).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'keyword',
      smsOptedOutAt: null,
    });
    expect(smsTo(emma.phone).map((m) => m.body)).toEqual([
      marketingOptInConfirmationText('Clínica Sol', 'en'),
      marketingOptOutConfirmationText('Clínica Sol', 'en'),
    ]);
  });

  it('"Stop promotions" (WhatsApp\'s marketing opt-out button) withdraws consent, and WhatsApp stays open for care', async () => {
    const clinic = await connectedClinic();
    const ayse = await patientWith(clinic, 'Ayşe Yılmaz', 'tr');
    await twilioReply(clinic, ayse.phone, 'KAMPANYA');
    expect((await patientRow(clinic.clinicId, ayse.id)).marketingConsent).toBe('granted');
    sandboxes.whatsapp.webhook = { url: clinic.urls.whatsapp, appSecret: inboundSecrets.whatsAppAppSecret };

    const reply = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: ayse.phone,
      text: 'Stop promotions',
    });
    expect(reply.status).toBe(200);

    expect(await patientRow(clinic.clinicId, ayse.id)).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'keyword',
      whatsappOptedOutAt: null,
      smsOptedOutAt: null,
    });
  });
});
