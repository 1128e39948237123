import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications } from '../../db/schema';
import { simulateVonageInbound } from '../../integrations/vonage/vonage.sandbox';
import { computeVonageSignature } from '../../integrations/vonage/vonage.webhook';
import { buildPatient } from '../../testing/build-patient';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from '../../testing/channel-sandboxes';
import { inboundWebhookApp, postForm, uniquePhone } from '../../testing/inbound-webhook-app';
import type { TestApp } from '../../testing/test-app';

// Vonage's webhooks end to end over real HTTP (testing/inbound-webhook-app.ts): signed inbound SMS
// (GET and POST-JSON) and delivery receipts.
const inbound = inboundWebhookApp();
const { connectedClinic, sentMessage, logsOf, patientRow } = inbound;
let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(() => {
  ({ t, sandboxes } = inbound.started());
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
