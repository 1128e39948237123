import { isValidPhone } from '@careloop/domain/patient';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicAutomationConfigs, patientCommunications, patients, secrets } from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { jsonHeaders, signIn, uniqueEmail } from '../../testing/build-user';
import { freePort } from '../../testing/free-port';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';
import { inboundWebhookUrls, twilioStatusCallbackFor } from '../inbound/webhook-urls';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import { seedDemoClinic } from './demo.service';

// The demo clinic's messaging end to end on the sandboxes this app mounts (no provider key in the
// environment): Test Messaging sends, the fakes post their status callbacks to this server's real
// webhook URLs, and a simulated reply goes through the same fake instances the sends use.

let t: TestApp;
let publicUrl = '';
let demo: Awaited<ReturnType<typeof seedDemoClinic>>;
let cookie = '';

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  // PUBLIC_URL is this listening server: the mounted fakes (SANDBOX_URL's default) and webhooks.
  t = await createTestApp({ env: { PUBLIC_URL: publicUrl, TRUSTED_ORIGINS: testOrigin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  // A demo clinic of its own (the shared PostgreSQL database is not empty, so no seedDemoIfEmpty).
  demo = await seedDemoClinic(t.deps, { email: uniqueEmail('demo'), password: 'careloop-demo' });
  cookie = await signIn(t, demo.email, demo.password);
});
afterAll(async () => {
  if (t) {
    await flushSandboxWebhooks(t.deps.sandboxes.twilio);
    await flushSandboxWebhooks(t.deps.sandboxes.whatsapp);
    await t.close();
  }
});

async function consentedPatient(index: number) {
  const rows = await t.db
    .select()
    .from(patients)
    .where(eq(patients.clinicId, demo.clinicId))
    .orderBy(patients.id);
  const consented = rows.filter((p) => p.marketingConsentAt !== null);
  const patient = consented[index];
  if (!patient?.phone) throw new Error('The demo has too few consented patients with a phone');
  expect(isValidPhone(patient.phone), patient.phone).toBe(true);
  return { ...patient, phone: patient.phone };
}

const testMessage = (
  patient: { id: string; phone: string },
  channel: 'sms' | 'whatsapp',
  messageType: 'followup' | 'crosssell' = 'followup',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/automation/test-message',
    headers: jsonHeaders({ cookie }),
    payload: {
      patientId: patient.id,
      clinicId: demo.clinicId,
      treatmentType: 'Hair Transplant',
      patientPhone: patient.phone,
      daysAfterTreatment: 7,
      messageType,
      preferredChannel: channel,
    },
  });

const simulateReply = (patientId: string, channel: 'sms' | 'whatsapp', text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/conversations/simulate-reply',
    headers: jsonHeaders({ cookie }),
    payload: { patientId, channel, text },
  });

async function messageRow(id: string) {
  const [row] = await t.db
    .select()
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, demo.clinicId), eq(patientCommunications.id, id)));
  return row;
}

describe('demo clinic messaging on the mounted sandboxes', () => {
  it('is seeded with WhatsApp and Twilio credentials in the vault, both channels on, and consented patients', async () => {
    const stored = await t.db
      .select({ name: secrets.name })
      .from(secrets)
      .where(eq(secrets.clinicId, demo.clinicId));
    const names = new Set(stored.map((s) => s.name));
    const wa = whatsAppSecretNames(demo.clinicId);
    const sms = smsSecretNames('twilio', demo.clinicId);
    for (const name of [wa.accessToken, wa.phoneNumberId, sms.accountSid, sms.authToken]) {
      expect(names.has(name), name).toBe(true);
    }
    // No copy of the public demo app secret: webhooks are checked with the clinic's own sandbox one.
    expect(names.has(wa.appSecret)).toBe(false);
    const [config] = await t.db
      .select()
      .from(clinicAutomationConfigs)
      .where(eq(clinicAutomationConfigs.clinicId, demo.clinicId));
    expect(config).toMatchObject({
      whatsappEnabled: true,
      whatsappPhoneNumberId: whatsAppSandboxDemo.phoneNumberId,
      smsEnabled: true,
      smsProvider: 'twilio',
      smsFromNumber: twilioSandboxDemo.fromNumber,
    });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/automation/settings',
      headers: jsonHeaders({ cookie }),
    });
    expect(settings.statusCode).toBe(200);
    const rows = await t.db.select().from(patients).where(eq(patients.clinicId, demo.clinicId));
    const consented = rows.filter((p) => p.marketingConsentAt !== null && p.phone);
    expect(consented.length).toBeGreaterThanOrEqual(2);
    expect(consented.every((p) => p.marketingConsentSource === 'staff')).toBe(true);
    expect(rows.some((p) => p.marketingConsentAt === null)).toBe(true);
    // Test Messaging accepts every demo patient's number.
    expect(rows.filter((p) => !isValidPhone(p.phone ?? '')).map((p) => p.phone)).toEqual([]);
  });

  it('sends an SMS test message through the Twilio sandbox, whose status callback moves it to delivered', async () => {
    const patient = await consentedPatient(0);
    const res = await testMessage(patient, 'sms');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, channel: 'sms' });
    // The fake's status callback may arrive before the answer is read: sent, or already delivered.
    expect(['sent', 'delivered']).toContain(answer.deliveryStatus);
    // The OpenAI sandbox wrote it, as a follow-up (not in a review reply's words).
    expect(answer.source).toBe('ai');
    expect(answer.generatedMessage).not.toMatch(
      /taking the time to write|tomarse el tiempo|zaman ayırdığınız/,
    );
    const sent = t.deps.sandboxes.twilio.messages.find((m) => m.sid === answer.providerMessageId);
    // The clinic's status URL naming our message: the signed callbacks below are checked over it.
    expect(sent?.statusCallback).toBe(
      twilioStatusCallbackFor(inboundWebhookUrls(publicUrl, demo.clinicId).twilioStatus, answer.messageId),
    );

    await flushSandboxWebhooks(t.deps.sandboxes.twilio);
    const callbacks = t.deps.sandboxes.twilio.deliveries.filter(
      (d) => d.params.MessageSid === answer.providerMessageId,
    );
    expect(callbacks.map((d) => [d.params.MessageStatus, d.status])).toEqual([
      ['sent', 200],
      ['delivered', 200],
    ]);
    expect((await messageRow(answer.messageId))?.deliveryStatus).toBe('delivered');
  });

  it('a cross-sell test message goes to a patient with marketing consent', async () => {
    const patient = await consentedPatient(1);
    const res = await testMessage(patient, 'sms', 'crosssell');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, channel: 'sms' });
  });

  it('WhatsApp: the template outside the window; after a simulated reply, free text inside it (the same fake)', async () => {
    const patient = await consentedPatient(2);
    const wa = t.deps.sandboxes.whatsapp;
    const first = await testMessage(patient, 'whatsapp');
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().providerMessageId;
    expect(wa.sent.find((m) => m.id === firstId)?.type).toBe('template');
    // The mounted fake posts its statuses to the demo clinic's real webhook.
    await flushSandboxWebhooks(wa);
    expect(wa.webhook?.url).toBe(inboundWebhookUrls(publicUrl, demo.clinicId).whatsapp);
    expect((await messageRow(first.json().messageId))?.deliveryStatus).toBe('read');

    const reply = await simulateReply(patient.id, 'whatsapp', 'Thank you, all is going well');
    expect(reply.statusCode, reply.body).toBe(200);
    const second = await testMessage(patient, 'whatsapp');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ channel: 'whatsapp' });
    expect(['sent', 'delivered', 'read']).toContain(second.json().deliveryStatus);
    expect(wa.sent.find((m) => m.id === second.json().providerMessageId)?.type).toBe('text');
  });

  it('a simulated SMS STOP blocks the mounted Twilio fake too', async () => {
    const patient = await consentedPatient(3);
    const stop = await simulateReply(patient.id, 'sms', 'STOP');
    expect(stop.statusCode, stop.body).toBe(200);
    expect(t.deps.sandboxes.twilio.optOuts.has(`${twilioSandboxDemo.fromNumber}|${patient.phone}`)).toBe(
      true,
    );
    const [row] = await t.db
      .select({ smsOptedOutAt: patients.smsOptedOutAt })
      .from(patients)
      .where(and(eq(patients.clinicId, demo.clinicId), eq(patients.id, patient.id)));
    expect(row?.smsOptedOutAt).not.toBeNull();
    const blocked = await testMessage(patient, 'sms');
    expect(blocked.statusCode, blocked.body).toBe(409);
  });
});
