import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications } from '../../db/schema';
import { simulateTwilioInbound } from '../../integrations/twilio/twilio.sandbox';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { buildPatient } from '../../testing/build-patient';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import { inboundWebhookApp, postForm, uniquePhone } from '../../testing/inbound-webhook-app';
import type { TestApp } from '../../testing/test-app';

// Twilio's webhooks end to end over real HTTP (testing/inbound-webhook-app.ts): signed forms, its own
// STOP words, status callbacks.
const inbound = inboundWebhookApp();
const { connectedClinic, saveSecrets, sentMessage, logsOf, patientRow } = inbound;
let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(() => {
  ({ t, sandboxes } = inbound.started());
});

// Twilio's published signature test vector (providers.md §9), signed with the Auth Token '12345'.
const vector = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};

describe('Twilio webhooks', () => {
  it('signs exactly as the published test vector (providers.md §9)', () => {
    expect(computeTwilioSignature('https://mycompany.com/myapp.php?foo=1&bar=2', vector, '12345')).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it("accepts a form signed with the clinic's Auth Token and refuses a forged or replayed one", async () => {
    const clinic = await connectedClinic();
    await saveSecrets(clinic, { TWILIO_AUTH_TOKEN: '12345' });
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
