import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { patientCommunications, patients, webhookLogs } from '../db/schema';
import { newId } from '../lib/ids';
import { inboundWebhookUrls } from '../modules/inbound/webhook-urls';
import {
  type AppBehindChannelSandboxes,
  startAppBehindChannelSandboxes,
} from './app-behind-channel-sandboxes';
import { buildClinic, jsonHeaders } from './build-user';
import { type ChannelSandboxes, channelSandboxCredentials as creds } from './channel-sandboxes';
import type { TestApp } from './test-app';

// The inbound path end to end over real HTTP, shared by the inbound webhook test files: the channel
// fakes sign and POST webhooks to the app's public URL, the app checks them with the clinic's
// secrets and answers through the fakes.

type Clinic = Awaited<ReturnType<typeof buildClinic>>;

export const inboundSecrets = {
  whatsAppAppSecret: 'clinic-app-secret-for-tests',
  whatsAppVerifyToken: 'clinic-verify-token-for-tests',
};

let phoneCounter = 0;
export const uniquePhone = () =>
  `+3461${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

export const postForm = (url: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });

/**
 * Starts the app behind the channel fakes for the calling test file (beforeAll, closed in afterAll)
 * and returns what its tests use: the app and fakes once started, and helpers bound to them.
 */
export function inboundWebhookApp() {
  let listening: AppBehindChannelSandboxes | undefined;
  beforeAll(async () => {
    listening = await startAppBehindChannelSandboxes();
  });
  afterAll(() => listening?.close());
  const started = () => {
    if (!listening) throw new Error('the inbound webhook app is not started yet (use it inside a test)');
    return listening;
  };
  const app = (): TestApp => started().t;

  async function saveSecrets(clinic: Clinic, values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) {
      const res = await app().app.inject({
        method: 'POST',
        url: '/api/secrets',
        headers: jsonHeaders({ cookie: clinic.owner.cookie }),
        payload: { name: `${name}_${clinic.clinicId}`, value },
      });
      expect(res.statusCode).toBe(201);
    }
  }

  return {
    started: (): { t: TestApp; sandboxes: ChannelSandboxes; publicUrl: string } => started(),
    saveSecrets,
    /** A clinic with every channel's credentials saved (the fakes started for this file open them). */
    async connectedClinic(options: { practiceName?: string } = {}) {
      const clinic = await buildClinic(app(), options);
      await saveSecrets(clinic, {
        WHATSAPP_APP_SECRET: inboundSecrets.whatsAppAppSecret,
        WHATSAPP_VERIFY_TOKEN: inboundSecrets.whatsAppVerifyToken,
        WHATSAPP_ACCESS_TOKEN: creds.whatsapp.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: creds.whatsapp.phoneNumberId,
        TWILIO_ACCOUNT_SID: creds.twilio.accountSid,
        TWILIO_AUTH_TOKEN: creds.twilio.authToken,
        VONAGE_API_KEY: creds.vonage.apiKey,
        VONAGE_API_SECRET: creds.vonage.apiSecret,
        VONAGE_SIGNATURE_SECRET: creds.vonage.signatureSecret,
      });
      return { ...clinic, urls: inboundWebhookUrls(started().publicUrl, clinic.clinicId) };
    },
    /** A message of ours the patient can answer, as the provider accepted it a minute ago. */
    async sentMessage(clinicId: string, patientId: string, channel: 'sms' | 'whatsapp') {
      const id = newId('msg');
      const providerMessageId =
        channel === 'whatsapp'
          ? `wamid.${randomBytes(16).toString('hex').toUpperCase()}`
          : `SM${randomBytes(16).toString('hex')}`;
      await app()
        .db.insert(patientCommunications)
        .values({
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
      const [row] = await app()
        .db.select()
        .from(patientCommunications)
        .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)));
      return row!;
    },
    logsOf: (clinicId: string) =>
      app().db.select().from(webhookLogs).where(eq(webhookLogs.clinicId, clinicId)),
    patientRow: async (clinicId: string, id: string) =>
      (
        await app()
          .db.select()
          .from(patients)
          .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
      )[0]!,
    /** Where the WhatsApp fake POSTs its webhooks, signed with that app secret. */
    whatsAppTo(url: string, appSecret: string) {
      started().sandboxes.whatsapp.webhook = { url, appSecret };
    },
  };
}
