import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications, patients, secrets, webhookLogs } from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { vonageSandboxDemo } from '../../integrations/vonage/vonage.sandbox';
import { computeVonageSignature } from '../../integrations/vonage/vonage.webhook';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { signedWhatsAppWebhook } from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { freePort } from '../../testing/free-port';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';
import { inboundWebhookUrls } from '../inbound/webhook-urls';

// A clinic in sandbox mode checks its webhooks with secrets of its own, generated for it and kept
// in the vault, never with the demo values written in this repository (anyone could sign with
// those). The sandbox's own simulators (simulated replies, the mounted fakes' status callbacks)
// sign with the clinic's secrets, so they keep working.

let t: TestApp;
let publicUrl = '';

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { PUBLIC_URL: publicUrl, TRUSTED_ORIGINS: testOrigin, SANDBOX_MODE: 'true' },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  if (t) {
    await flushSandboxWebhooks(t.deps.sandboxes.twilio);
    await flushSandboxWebhooks(t.deps.sandboxes.whatsapp);
    await flushSandboxWebhooks(t.deps.sandboxes.vonage);
    await t.close();
  }
});

let phoneCounter = 0;
const uniquePhone = () => `+3466${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

/** A clinic its owner switched to sandbox mode, with one patient. */
async function sandboxClinic() {
  const clinic = await buildClinic(t);
  const switched = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sandbox-mode',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { enabled: true },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  const phone = uniquePhone();
  const patient = await buildPatient(t, clinic.clinicId, { phone, name: 'Ana Ruiz' });
  return { ...clinic, patient, phone, urls: inboundWebhookUrls(publicUrl, clinic.clinicId) };
}
type Clinic = Awaited<ReturnType<typeof sandboxClinic>>;

const webhookSecrets = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/settings/sandbox-mode/webhook-secrets', headers: { cookie } });

const twilioStop = (clinic: Clinic, authToken: string) => {
  const params = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: twilioSandboxDemo.accountSid,
    From: clinic.phone,
    To: twilioSandboxDemo.fromNumber,
    Body: 'STOP',
    NumMedia: '0',
  };
  return fetch(clinic.urls.twilioInbound, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature(clinic.urls.twilioInbound, params, authToken),
    },
    body: new URLSearchParams(params).toString(),
  });
};

const whatsAppStop = (clinic: Clinic, appSecret: string) => {
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: whatsAppSandboxDemo.displayPhoneNumber,
                phone_number_id: whatsAppSandboxDemo.phoneNumberId,
              },
              contacts: [{ profile: { name: 'Ana' }, wa_id: clinic.phone.slice(1) }],
              messages: [
                {
                  from: clinic.phone.slice(1),
                  id: `wamid.${randomBytes(16).toString('hex').toUpperCase()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: 'STOP' },
                },
              ],
            },
          },
        ],
      },
    ],
  };
  const signed = signedWhatsAppWebhook(payload, appSecret);
  return fetch(clinic.urls.whatsapp, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature },
    body: signed.rawBody,
  });
};

const vonageStop = (clinic: Clinic, signatureSecret: string) => {
  const params: Record<string, string> = {
    msisdn: clinic.phone.slice(1),
    to: vonageSandboxDemo.fromNumber.replace('+', ''),
    messageId: randomBytes(9).toString('hex').toUpperCase(),
    text: 'STOP',
    type: 'text',
    keyword: 'STOP',
    'api-key': vonageSandboxDemo.apiKey,
    'message-timestamp': new Date().toISOString().slice(0, 19).replace('T', ' '),
    timestamp: String(Math.floor(Date.now() / 1000)),
    nonce: randomBytes(8).toString('hex'),
  };
  params.sig = computeVonageSignature(params, signatureSecret, 'md5hash');
  return fetch(clinic.urls.vonageInbound, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
};

const patientRow = async (clinic: Clinic) =>
  (
    await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.id, clinic.patient.id)))
  )[0]!;
const logsOf = (clinic: Clinic) =>
  t.db.select().from(webhookLogs).where(eq(webhookLogs.clinicId, clinic.clinicId));

describe("a sandbox clinic's webhook secrets", () => {
  it('a STOP signed with the demo secrets written in the repository is refused (403) and stores nothing', async () => {
    const clinic = await sandboxClinic();
    expect((await twilioStop(clinic, twilioSandboxDemo.authToken)).status).toBe(403);
    expect((await whatsAppStop(clinic, whatsAppSandboxDemo.appSecret)).status).toBe(403);
    expect((await vonageStop(clinic, vonageSandboxDemo.signatureSecret)).status).toBe(403);
    // Even when the clinic saved the demo Twilio credentials (they open the fake's API).
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { provider: 'twilio', ...twilioSandboxDemo },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await twilioStop(clinic, twilioSandboxDemo.authToken)).status).toBe(403);

    expect(await logsOf(clinic)).toHaveLength(0);
    expect(await patientRow(clinic)).toMatchObject({ smsOptedOutAt: null, whatsappOptedOutAt: null });
  });

  it('are random per clinic, shown to the owner and admins only, and a STOP signed with them is accepted', async () => {
    const clinic = await sandboxClinic();
    const other = await sandboxClinic();
    const admin = await buildMember(t, clinic.clinicId, 'admin');
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await webhookSecrets(staff.cookie)).statusCode).toBe(403);
    const shown = await webhookSecrets(admin.cookie);
    expect(shown.statusCode).toBe(200);
    const mine = shown.json();
    expect((await webhookSecrets(clinic.owner.cookie)).json()).toEqual(mine);
    const theirs = (await webhookSecrets(other.owner.cookie)).json();
    for (const key of [
      'whatsAppAppSecret',
      'whatsAppVerifyToken',
      'twilioAuthToken',
      'vonageSignatureSecret',
    ]) {
      expect(mine[key]).toMatch(/^[0-9a-f]{32,}$/);
      expect(mine[key]).not.toBe(theirs[key]);
    }
    // Stored encrypted: the value is nowhere in the vault's rows.
    const vault = JSON.stringify(await t.db.select().from(secrets));
    expect(vault).not.toContain(mine.twilioAuthToken);

    // Another clinic's sandbox secret opens nothing here.
    expect((await twilioStop(clinic, theirs.twilioAuthToken)).status).toBe(403);
    expect((await twilioStop(clinic, mine.twilioAuthToken)).status).toBe(200);
    expect((await whatsAppStop(clinic, mine.whatsAppAppSecret)).status).toBe(200);
    expect(await patientRow(clinic)).toMatchObject({
      smsOptedOutAt: expect.any(Date),
      whatsappOptedOutAt: expect.any(Date),
    });
    const handshake = await fetch(
      `${clinic.urls.whatsapp}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${mine.whatsAppVerifyToken}`,
    );
    expect(await handshake.text()).toBe('42');
    const demoHandshake = await fetch(
      `${clinic.urls.whatsapp}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${whatsAppSandboxDemo.verifyToken}`,
    );
    expect(demoHandshake.status).toBe(403);
  });

  it('a clinic outside sandbox mode has none to show (409)', async () => {
    const clinic = await buildClinic(t);
    expect((await webhookSecrets(clinic.owner.cookie)).statusCode).toBe(409);
  });

  it("the sandbox's own simulators sign with the clinic's secrets: a simulated reply and the fake's status callbacks are accepted", async () => {
    const clinic = await sandboxClinic();
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    const simulate = (channel: 'sms' | 'whatsapp', text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations/simulate-reply',
        headers,
        payload: { patientId: clinic.patient.id, channel, text },
      });
    const sms = await simulate('sms', 'Todo bien, gracias');
    expect(sms.statusCode, sms.body).toBe(200);
    const whatsapp = await simulate('whatsapp', 'Muy bien');
    expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    expect((await logsOf(clinic)).map((log) => log.messageContent).sort()).toEqual([
      'Muy bien',
      'Todo bien, gracias',
    ]);

    // BAJA (not one of Twilio's own words): the opt-out confirmation goes out through the mounted
    // Twilio fake, whose status callbacks reach the clinic's webhook and are accepted.
    expect((await simulate('sms', 'BAJA')).statusCode).toBe(200);
    await flushSandboxWebhooks(t.deps.sandboxes.twilio);
    const callbacks = t.deps.sandboxes.twilio.deliveries.filter((d) =>
      d.url.startsWith(clinic.urls.twilioStatus),
    );
    expect(callbacks.length).toBeGreaterThan(0);
    expect(callbacks.map((d) => d.status)).toEqual(callbacks.map(() => 200));
    const [confirmation] = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinic.clinicId), eq(patientCommunications.kind, 'consent')),
      );
    expect(confirmation?.deliveryStatus).toBe('delivered');
  });

  it('an opt-out confirmation whose status callback arrives before the send is answered ends delivered, with the provider id', async () => {
    const clinic = await sandboxClinic();
    const twilio = t.deps.sandboxes.twilio;
    twilio.callbacksBeforeAnswer = true;
    try {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/conversations/simulate-reply',
        headers: jsonHeaders({ cookie: clinic.owner.cookie }),
        payload: { patientId: clinic.patient.id, channel: 'sms', text: 'BAJA' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
    } finally {
      twilio.callbacksBeforeAnswer = false;
    }
    await flushSandboxWebhooks(twilio);
    const [confirmation] = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinic.clinicId), eq(patientCommunications.kind, 'consent')),
      );
    expect(confirmation?.deliveryStatus).toBe('delivered');
    expect(confirmation?.providerMessageId).toMatch(/^SM/);
    expect(confirmation?.sentAt).not.toBeNull();
  });
});
