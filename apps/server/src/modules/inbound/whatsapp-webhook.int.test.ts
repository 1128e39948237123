import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts, caseNotes, cases, patientCommunications, patients } from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import {
  redeliverWhatsAppSandboxWebhook,
  signedWhatsAppWebhook,
  simulateWhatsAppInbound,
  whatsAppStatusPayload,
} from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { buildPatient } from '../../testing/build-patient';
import { jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import { inboundWebhookApp, inboundSecrets as secrets, uniquePhone } from '../../testing/inbound-webhook-app';
import type { TestApp } from '../../testing/test-app';
import { inboundWebhookUrls } from './webhook-urls';

// WhatsApp's webhook end to end over real HTTP (testing/inbound-webhook-app.ts): the fake signs and
// POSTs, the app checks the clinic's app secret and answers through the fake.
const inbound = inboundWebhookApp();
const { connectedClinic, saveSecrets, sentMessage, logsOf, patientRow, whatsAppTo } = inbound;
let t: TestApp;
let sandboxes: ChannelSandboxes;
let publicUrl = '';
beforeAll(() => {
  ({ t, sandboxes, publicUrl } = inbound.started());
});

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
