import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  caseNotes,
  cases,
  clinics,
  patientCommunications,
  patients,
  webhookLogs,
} from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import { simulateTwilioInbound } from '../../integrations/twilio/twilio.sandbox';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { simulateVonageInbound } from '../../integrations/vonage/vonage.sandbox';
import { computeVonageSignature } from '../../integrations/vonage/vonage.webhook';
import {
  redeliverWhatsAppSandboxWebhook,
  signedWhatsAppWebhook,
  simulateWhatsAppInbound,
  whatsAppStatusPayload,
} from '../../integrations/whatsapp/whatsapp.sandbox';
import { newId } from '../../lib/ids';
import {
  type AppBehindChannelSandboxes,
  startAppBehindChannelSandboxes,
} from '../../testing/app-behind-channel-sandboxes';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import type { TestApp } from '../../testing/test-app';
import { inboundWebhookUrls } from './webhook-urls';

// The inbound path end to end over real HTTP: the channel fakes sign and POST webhooks to this
// app's public URL, the app checks them with the clinic's secrets and answers through the fakes.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let publicUrl = '';
let listening: AppBehindChannelSandboxes | undefined;

type Clinic = Awaited<ReturnType<typeof buildClinic>>;
const secrets = {
  whatsAppAppSecret: 'clinic-app-secret-for-tests',
  whatsAppVerifyToken: 'clinic-verify-token-for-tests',
};

async function saveSecrets(clinic: Clinic, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { name: `${name}_${clinic.clinicId}`, value },
    });
    expect(res.statusCode).toBe(201);
  }
}

/** A clinic with every channel's credentials saved (the fakes started for this file open them). */
async function connectedClinic() {
  const clinic = await buildClinic(t);
  await saveSecrets(clinic, {
    WHATSAPP_APP_SECRET: secrets.whatsAppAppSecret,
    WHATSAPP_VERIFY_TOKEN: secrets.whatsAppVerifyToken,
    WHATSAPP_ACCESS_TOKEN: creds.whatsapp.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: creds.whatsapp.phoneNumberId,
    TWILIO_ACCOUNT_SID: creds.twilio.accountSid,
    TWILIO_AUTH_TOKEN: creds.twilio.authToken,
    VONAGE_API_KEY: creds.vonage.apiKey,
    VONAGE_API_SECRET: creds.vonage.apiSecret,
    VONAGE_SIGNATURE_SECRET: creds.vonage.signatureSecret,
  });
  return { ...clinic, urls: inboundWebhookUrls(publicUrl, clinic.clinicId) };
}

let phoneCounter = 0;
const uniquePhone = () => `+3461${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

async function sentMessage(clinicId: string, patientId: string, channel: 'sms' | 'whatsapp') {
  const id = newId('msg');
  const providerMessageId =
    channel === 'whatsapp'
      ? `wamid.${randomBytes(16).toString('hex').toUpperCase()}`
      : `SM${randomBytes(16).toString('hex')}`;
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel,
    kind: 'followup',
    messageContent: 'How are you feeling after your treatment?',
    deliveryStatus: 'sent',
    providerMessageId,
    sentAt: new Date(Date.now() - 60_000),
  });
  const [row] = await t.db
    .select()
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)));
  return row!;
}

const logsOf = (clinicId: string) =>
  t.db.select().from(webhookLogs).where(eq(webhookLogs.clinicId, clinicId));
const patientRow = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
  )[0]!;

function whatsAppTo(url: string, appSecret: string) {
  sandboxes.whatsapp.webhook = { url, appSecret };
}

const postForm = (url: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });

beforeAll(async () => {
  listening = await startAppBehindChannelSandboxes();
  ({ t, sandboxes, publicUrl } = listening);
});
afterAll(() => listening?.close());

describe('WhatsApp webhook', () => {
  it('answers the verification handshake only with the clinic verify token', async () => {
    const clinic = await connectedClinic();
    const ok = await fetch(
      `${clinic.urls.whatsapp}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${secrets.whatsAppVerifyToken}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(
      `${clinic.urls.whatsapp}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=guess`,
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
  });

  it('accepts a signed reply, links it to the patient and the message it answers, and stores a redelivery once', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone, name: 'Lucía Gómez' });
    const message = await sentMessage(clinic.clinicId, patient.id, 'whatsapp');
    whatsAppTo(clinic.urls.whatsapp, secrets.whatsAppAppSecret);

    const reply = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'Todo muy bien, gracias',
    });
    expect(reply.status).toBe(200);
    expect(await redeliverWhatsAppSandboxWebhook(sandboxes.whatsapp)).toBe(200);

    const logs = await logsOf(clinic.clinicId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      webhookType: 'inbound_message',
      provider: 'whatsapp',
      providerMessageId: reply.messageId,
      patientId: patient.id,
      patientPhone: phone,
      messageContent: 'Todo muy bien, gracias',
    });
    const [answered] = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.id, message.id));
    expect(answered).toMatchObject({ responseReceived: true, responseContent: 'Todo muy bien, gracias' });
    expect(await t.db.select().from(alerts).where(eq(alerts.clinicId, clinic.clinicId))).toHaveLength(0);
  });

  it('refuses unsigned, forged and other-clinic signatures and stores nothing', async () => {
    const clinic = await connectedClinic();
    const other = await connectedClinic();
    const phone = uniquePhone();
    await buildPatient(t, clinic.clinicId, { phone });
    sandboxes.whatsapp.webhook = null; // build the notification only; this test posts it itself
    const payload = (
      await simulateWhatsAppInbound(sandboxes.whatsapp, {
        phoneNumberId: creds.whatsapp.phoneNumberId,
        from: phone,
        text: 'STOP',
      })
    ).payload;
    const forged = signedWhatsAppWebhook(payload, 'not-the-app-secret');
    const post = (url: string, headers: Record<string, string>, body = forged.rawBody) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

    expect((await post(clinic.urls.whatsapp, {})).status).toBe(401);
    expect((await post(clinic.urls.whatsapp, { 'x-hub-signature-256': forged.signature })).status).toBe(403);
    // Signed by the right secret, but the body was changed after signing.
    const genuine = signedWhatsAppWebhook(payload, secrets.whatsAppAppSecret);
    const tampered = genuine.rawBody.replace('STOP', 'stop');
    expect(
      (await post(clinic.urls.whatsapp, { 'x-hub-signature-256': genuine.signature }, tampered)).status,
    ).toBe(403);
    // Each clinic's URL checks that clinic's own secret.
    const otherSigned = signedWhatsAppWebhook(payload, 'another-clinics-secret');
    await saveSecrets(other, { WHATSAPP_APP_SECRET: 'another-clinics-secret' });
    expect((await post(clinic.urls.whatsapp, { 'x-hub-signature-256': otherSigned.signature })).status).toBe(
      403,
    );
    const unknown = inboundWebhookUrls(publicUrl, 'cln_doesnotexist').whatsapp;
    expect((await post(unknown, { 'x-hub-signature-256': genuine.signature }, genuine.rawBody)).status).toBe(
      403,
    );

    expect(await logsOf(clinic.clinicId)).toHaveLength(0);
    const row = (await t.db.select().from(patients).where(eq(patients.clinicId, clinic.clinicId)))[0]!;
    expect(row.whatsappOptedOutAt).toBeNull();
  });

  it('STOP opts out at once with one confirmation; a second STOP sends none; START opts back in', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    whatsAppTo(clinic.urls.whatsapp, secrets.whatsAppAppSecret);
    const to = phone.replace('+', '');
    const confirmations = () => sandboxes.whatsapp.sent.filter((m) => m.to === to);

    const before = Date.now();
    const first = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'STOP',
    });
    expect(first.status).toBe(200);
    const optedOut = await patientRow(clinic.clinicId, patient.id);
    expect(optedOut.whatsappOptedOutAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(optedOut.whatsappOptOutSource).toBe('patient_reply');
    expect(optedOut.smsOptedOutAt).toBeNull();
    expect(confirmations()).toHaveLength(1);
    expect(confirmations()[0]!.text).toContain('Reply START');

    const second = await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'stop texting me',
    });
    expect(second.status).toBe(200);
    expect(confirmations()).toHaveLength(1);
    const stored = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinic.clinicId), eq(patientCommunications.kind, 'consent')),
      );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.channel).toBe('whatsapp');
    // The fake may already have called back with delivered or read: any status from sent onward.
    expect(['sent', 'delivered', 'read']).toContain(stored[0]?.deliveryStatus);
    expect((await patientRow(clinic.clinicId, patient.id)).whatsappOptedOutAt).toEqual(
      optedOut.whatsappOptedOutAt,
    );

    await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'START',
    });
    const back = await patientRow(clinic.clinicId, patient.id);
    expect(back.whatsappOptedOutAt).toBeNull();
    expect(back.whatsappOptOutSource).toBeNull();
    expect(await logsOf(clinic.clinicId)).toHaveLength(3);
  });

  it('a negative reply raises an alert and a case; a clinical red flag after it raises that case to high', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone, name: 'Mark Reed' });
    whatsAppTo(clinic.urls.whatsapp, secrets.whatsAppAppSecret);
    const sentBefore = sandboxes.whatsapp.sent.length;

    await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'Honestly the service was terrible and the staff were rude.',
    });
    await simulateWhatsAppInbound(sandboxes.whatsapp, {
      phoneNumberId: creds.whatsapp.phoneNumberId,
      from: phone,
      text: 'Since yesterday there is a lot of swelling and bleeding',
    });

    const raised = await t.db.select().from(alerts).where(eq(alerts.clinicId, clinic.clinicId));
    expect(raised.map((a) => [a.kind, a.severity]).sort()).toEqual([
      ['clinical_reply', 'high'],
      ['negative_reply', 'medium'],
    ]);
    // One open case per patient, so staff see one thread: the later reply is a note on it.
    const opened = await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId));
    expect(opened).toHaveLength(1);
    const kase = opened[0]!;
    expect(kase).toMatchObject({ source: 'alert', patientId: patient.id, status: 'open', severity: 'high' });
    expect(kase.sourceId).toBe(raised.find((a) => a.kind === 'negative_reply')!.id);
    expect(kase.dueAt).not.toBeNull();
    expect(kase.title).toContain('Clinical red flag');
    // Stored as what raised it (worded per reader when read) with its English wording.
    expect(kase.titleKind).toBe('clinical_reply');
    expect(kase.titleParams).toEqual({
      patientName: 'Mark Reed',
      flags: expect.arrayContaining(['swelling', 'bleeding']),
    });
    expect(kase.title).toMatch(/swelling and bleeding|bleeding and swelling/);
    const notes = await t.db.select().from(caseNotes).where(eq(caseNotes.caseId, kase.id));
    expect(notes.map((n) => n.body)).toEqual([raised.find((a) => a.kind === 'clinical_reply')!.message]);
    // Nothing answers the patient: no AI reply, no confirmation.
    expect(sandboxes.whatsapp.sent.length).toBe(sentBefore);

    // The dashboard's Action Queue sees it through the cases API.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cases',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().cases.filter((c: { source: string }) => c.source === 'alert')).toHaveLength(1);
  });

  it('keeps each reply as positive, negative or neither (recovery counts the positive ones)', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    await buildPatient(t, clinic.clinicId, { phone, name: 'Elif Demir' });
    whatsAppTo(clinic.urls.whatsapp, secrets.whatsAppAppSecret);
    for (const text of [
      'Çok teşekkür ederim, harika!',
      'The staff were rude',
      'Can I move my appointment?',
    ]) {
      await simulateWhatsAppInbound(sandboxes.whatsapp, {
        phoneNumberId: creds.whatsapp.phoneNumberId,
        from: phone,
        text,
      });
    }
    const kept = (await logsOf(clinic.clinicId)).map((log) => [log.messageContent, log.sentiment]);
    expect(kept.sort()).toEqual([
      ['Can I move my appointment?', null],
      ['The staff were rude', 'negative'],
      ['Çok teşekkür ederim, harika!', 'positive'],
    ]);
  });

  it('later negative replies go to the open case as notes, never lowering it; after it is resolved a new one opens', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone, name: 'Lena Vogt' });
    const other = await buildPatient(t, clinic.clinicId, { phone: uniquePhone(), name: 'Omar Haddad' });
    whatsAppTo(clinic.urls.whatsapp, secrets.whatsAppAppSecret);
    const reply = (from: string, text: string) =>
      simulateWhatsAppInbound(sandboxes.whatsapp, {
        phoneNumberId: creds.whatsapp.phoneNumberId,
        from,
        text,
      });

    await reply(phone, 'There is a lot of swelling and bleeding since this morning');
    await reply(phone, 'Honestly the service was terrible and the staff were rude.');
    await reply(phone, 'I am very disappointed, nobody called me back.');
    await reply(other.phone!, 'Honestly the service was terrible and the staff were rude.');

    const casesOf = async (patientId: string) =>
      (await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId))).filter(
        (c) => c.patientId === patientId,
      );
    const [kase] = await casesOf(patient.id);
    expect(await casesOf(patient.id)).toHaveLength(1);
    expect(kase).toMatchObject({ severity: 'high', status: 'open' });
    expect(kase!.title).toContain('Clinical red flag');
    const notes = await t.db.select().from(caseNotes).where(eq(caseNotes.caseId, kase!.id));
    expect(notes).toHaveLength(2);
    expect(await casesOf(other.id)).toHaveLength(1);

    await t.db
      .update(cases)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(eq(cases.id, kase!.id));
    await reply(phone, 'Still not happy with how this was handled, terrible.');
    const after = await casesOf(patient.id);
    expect(after).toHaveLength(2);
    expect(after.filter((c) => c.status === 'open')).toHaveLength(1);
  });

  it('status notifications move the message forward, never back; failed keeps the reason', async () => {
    const clinic = await connectedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const message = await sentMessage(clinic.clinicId, patient.id, 'whatsapp');
    const failing = await sentMessage(clinic.clinicId, patient.id, 'whatsapp');
    const number = {
      id: creds.whatsapp.phoneNumberId,
      displayPhoneNumber: '+1 415-555-2671',
      verifiedName: 'T',
    };
    const asSent = (row: typeof message) => ({
      id: row.providerMessageId!,
      phoneNumberId: number.id,
      to: patient.phone!.replace('+', ''),
      type: 'text' as const,
      text: row.messageContent,
      template: null,
      callbackData: null,
      at: new Date(),
    });
    const post = async (payload: unknown) => {
      const signed = signedWhatsAppWebhook(payload, secrets.whatsAppAppSecret);
      const res = await fetch(clinic.urls.whatsapp, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature },
        body: signed.rawBody,
      });
      expect(res.status).toBe(200);
    };
    const statusOf = async (id: string) =>
      (await t.db.select().from(patientCommunications).where(eq(patientCommunications.id, id)))[0]!;

    await post(whatsAppStatusPayload(number, asSent(message), 'read', new Date()));
    await post(whatsAppStatusPayload(number, asSent(message), 'delivered', new Date()));
    expect((await statusOf(message.id)).deliveryStatus).toBe('read');

    await post(whatsAppStatusPayload(number, asSent(failing), 'failed', new Date(), 131047));
    await post(whatsAppStatusPayload(number, asSent(failing), 'delivered', new Date()));
    const failed = await statusOf(failing.id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.providerError).toContain('131047');
    await flushSandboxWebhooks(sandboxes.whatsapp);
  });
});

describe('Twilio webhooks', () => {
  it('signs exactly as the published test vector (providers.md §9)', () => {
    const vector = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(computeTwilioSignature('https://mycompany.com/myapp.php?foo=1&bar=2', vector, '12345')).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it("accepts a form signed with the clinic's Auth Token and refuses a forged or replayed one", async () => {
    const clinic = await connectedClinic();
    await saveSecrets(clinic, { TWILIO_AUTH_TOKEN: '12345' });
    const vector = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    // The vector's own signature is for another URL: replayed here, it is refused.
    const replayed = await postForm(clinic.urls.twilioInbound, vector, {
      'x-twilio-signature': '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    });
    expect(replayed.status).toBe(403);
    const signed = await postForm(clinic.urls.twilioInbound, vector, {
      'x-twilio-signature': computeTwilioSignature(clinic.urls.twilioInbound, vector, '12345'),
    });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toContain('text/xml');
    expect(await signed.text()).toContain('<Response></Response>');
    const tampered = await postForm(
      clinic.urls.twilioInbound,
      { ...vector, Digits: '9999' },
      { 'x-twilio-signature': computeTwilioSignature(clinic.urls.twilioInbound, vector, '12345') },
    );
    expect(tampered.status).toBe(403);
    expect((await postForm(clinic.urls.twilioInbound, vector)).status).toBe(401);
    expect(await logsOf(clinic.clinicId)).toHaveLength(0);
  });

  it("Twilio's own STOP is recorded without a second confirmation; a Spanish opt-out is confirmed once", async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const inbound = (body: string) =>
      simulateTwilioInbound(sandboxes.twilio, {
        accountSid: creds.twilio.accountSid,
        from: phone,
        to: creds.twilio.fromNumber,
        body,
        url: clinic.urls.twilioInbound,
      });
    const ours = () => sandboxes.twilio.messages.filter((m) => m.to === phone);

    const stop = await inbound('STOP');
    expect(stop.status).toBe(200);
    expect(await inbound('STOP').then((r) => r.status)).toBe(200);
    const row = await patientRow(clinic.clinicId, patient.id);
    expect(row.smsOptOutSource).toBe('patient_reply');
    expect(row.smsOptedOutAt).not.toBeNull();
    expect(row.whatsappOptedOutAt).toBeNull();
    expect(ours()).toHaveLength(0); // Twilio itself answers its STOP words (§4.6).

    await inbound('START');
    expect((await patientRow(clinic.clinicId, patient.id)).smsOptedOutAt).toBeNull();
    await inbound('Baja, por favor');
    await inbound('baja');
    expect((await patientRow(clinic.clinicId, patient.id)).smsOptedOutAt).not.toBeNull();
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.from).toBe(creds.twilio.fromNumber);
    // The callback names our message, so a status that arrives before the send's answer finds it.
    expect(ours()[0]!.statusCallback).toMatch(
      new RegExp(`^${clinic.urls.twilioStatus.replaceAll('.', '\\.')}\\?m=msg_\\w+$`),
    );
    expect(ours()[0]!.body).toContain('START');
    expect(await logsOf(clinic.clinicId)).toHaveLength(5);
  });

  it("a STOP on the clinic's Twilio WhatsApp sender is confirmed by us, on WhatsApp (Twilio filters SMS only)", async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const stop = await simulateTwilioInbound(sandboxes.twilio, {
      accountSid: creds.twilio.accountSid,
      from: `whatsapp:${phone}`,
      to: `whatsapp:${creds.twilio.fromNumber}`,
      body: 'STOP',
      url: clinic.urls.twilioInbound,
    });
    expect(stop.status).toBe(200);
    const row = await patientRow(clinic.clinicId, patient.id);
    expect(row.whatsappOptedOutAt).not.toBeNull();
    expect(row.smsOptedOutAt).toBeNull();
    const ours = sandboxes.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(ours.map((m) => [m.from, m.body])).toEqual([
      [`whatsapp:${creds.twilio.fromNumber}`, expect.stringContaining('WhatsApp messages')],
    ]);
    expect(sandboxes.twilio.messages.filter((m) => m.to === phone)).toHaveLength(0);
  });

  it('status callbacks update the message and never move it back', async () => {
    const clinic = await connectedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const message = await sentMessage(clinic.clinicId, patient.id, 'sms');
    const callback = (status: string, extra: Record<string, string> = {}) => {
      const params = {
        AccountSid: creds.twilio.accountSid,
        MessageSid: message.providerMessageId!,
        MessageStatus: status,
        To: patient.phone!,
        ...extra,
      };
      return postForm(clinic.urls.twilioStatus, params, {
        'x-twilio-signature': computeTwilioSignature(
          clinic.urls.twilioStatus,
          params,
          creds.twilio.authToken,
        ),
      });
    };
    const statusOf = async () =>
      (await t.db.select().from(patientCommunications).where(eq(patientCommunications.id, message.id)))[0]!;

    expect((await callback('delivered')).status).toBe(200);
    expect((await statusOf()).deliveryStatus).toBe('delivered');
    expect((await callback('sent')).status).toBe(200);
    expect((await statusOf()).deliveryStatus).toBe('delivered');
    expect((await callback('undelivered', { ErrorCode: '30003' })).status).toBe(200);
    expect((await statusOf()).deliveryStatus).toBe('delivered');
    expect(await logsOf(clinic.clinicId)).toHaveLength(0);
  });
});

describe('Vonage webhooks', () => {
  it('accepts a signed inbound SMS once, refuses unsigned and wrongly signed ones', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const message = await sentMessage(clinic.clinicId, patient.id, 'sms');
    const sent = await simulateVonageInbound(sandboxes.vonage, {
      apiKey: creds.vonage.apiKey,
      from: phone,
      to: '14155550100',
      text: 'Great, thank you!',
      url: clinic.urls.vonageInbound,
    });
    expect(sent.status).toBe(204);
    expect((await postForm(clinic.urls.vonageInbound, sent.params)).status).toBe(204);
    const { sig: _sig, ...unsigned } = sent.params;
    expect((await postForm(clinic.urls.vonageInbound, unsigned)).status).toBe(401);
    const forged = { ...sent.params, text: 'STOP' };
    expect((await postForm(clinic.urls.vonageInbound, forged)).status).toBe(403);
    const wrongSecret = { ...unsigned, sig: computeVonageSignature(unsigned, 'not-the-secret') };
    expect((await postForm(clinic.urls.vonageInbound, wrongSecret)).status).toBe(403);

    const logs = await logsOf(clinic.clinicId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      provider: 'vonage',
      patientId: patient.id,
      messageContent: 'Great, thank you!',
    });
    const [answered] = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.id, message.id));
    expect(answered!.responseContent).toBe('Great, thank you!');
    expect((await patientRow(clinic.clinicId, patient.id)).smsOptedOutAt).toBeNull();
  });

  it('reads a signed POST-JSON webhook (the dashboard setting) the same way', async () => {
    const clinic = await connectedClinic();
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const params: Record<string, string> = {
      msisdn: phone.replace('+', ''),
      to: '14155550100',
      messageId: `JSON${randomBytes(6).toString('hex')}`,
      text: 'QUIT',
      type: 'text',
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: 'n0nce',
    };
    params.sig = computeVonageSignature(params, creds.vonage.signatureSecret, 'sha256');
    const res = await fetch(clinic.urls.vonageInbound, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    expect(res.status).toBe(204);
    expect((await patientRow(clinic.clinicId, patient.id)).smsOptOutSource).toBe('patient_reply');
    expect(sandboxes.vonage.messages.filter((m) => m.to === phone.replace('+', ''))).toHaveLength(1);
  });

  it('a receipt for an opted-out recipient fails the message and records the opt-out (source provider)', async () => {
    const clinic = await connectedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const message = await sentMessage(clinic.clinicId, patient.id, 'sms');
    const params: Record<string, string> = {
      msisdn: patient.phone!.replace('+', ''),
      to: '14155550100',
      messageId: message.providerMessageId!,
      status: 'rejected',
      'err-code': '9',
      'api-key': creds.vonage.apiKey,
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: 'abc123',
    };
    params.sig = computeVonageSignature(params, creds.vonage.signatureSecret);
    expect((await postForm(clinic.urls.vonageDeliveryReceipt, params)).status).toBe(204);
    const [row] = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.id, message.id));
    expect(row).toMatchObject({ deliveryStatus: 'failed' });
    expect(row!.providerError).toContain('opted out');
    expect((await patientRow(clinic.clinicId, patient.id)).smsOptOutSource).toBe('provider');
  });
});

describe('POST /api/conversations/simulate-reply', () => {
  it("makes a sandbox clinic's provider send a signed reply through the real webhook", async () => {
    const clinic = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, clinic.clinicId));
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const simulate = (payload: Record<string, unknown>, cookie = clinic.owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations/simulate-reply',
        headers: jsonHeaders({ cookie }),
        payload,
      });

    const sms = await simulate({ patientId: patient.id, channel: 'sms', text: 'Awful, I want a refund!' });
    expect(sms.statusCode).toBe(200);
    expect(sms.json()).toMatchObject({ provider: 'twilio', webhookStatus: 200 });
    const whatsapp = await simulate({ patientId: patient.id, channel: 'whatsapp', text: 'Gracias' });
    expect(whatsapp.statusCode).toBe(200);
    expect(whatsapp.json()).toMatchObject({ provider: 'whatsapp', webhookStatus: 200 });

    const logs = await logsOf(clinic.clinicId);
    expect(logs.map((l) => l.provider).sort()).toEqual(['twilio', 'whatsapp']);
    expect(logs.every((l) => l.patientId === patient.id)).toBe(true);
    const raised = await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ source: 'alert', patientId: patient.id });

    // Validation, roles, tenancy.
    const bad = await simulate({ patientId: patient.id, channel: 'fax', text: '' });
    expect(bad.statusCode).toBe(400);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect(
      (await simulate({ patientId: patient.id, channel: 'sms', text: 'hi' }, staff.cookie)).statusCode,
    ).toBe(403);
    const other = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, other.clinicId));
    expect(
      (await simulate({ patientId: patient.id, channel: 'sms', text: 'hi' }, other.owner.cookie)).statusCode,
    ).toBe(404);
    expect(await logsOf(clinic.clinicId)).toHaveLength(2);
  });

  it('is refused for a clinic that is not in sandbox mode', async () => {
    const clinic = await buildClinic(t);
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations/simulate-reply',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { patientId: patient.id, channel: 'sms', text: 'hello' },
    });
    expect(res.statusCode).toBe(403);
    expect(await logsOf(clinic.clinicId)).toHaveLength(0);
  });
});
