import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patientCommunications, patients } from '../../db/schema';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import {
  signedWhatsAppWebhook,
  whatsAppStatusPayload,
} from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { newId } from '../../lib/ids';
import { appWithProviderFakesAroundFile } from '../../testing/app-with-provider-fakes';
import { jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials } from '../../testing/channel-sandboxes';
import { middayZone, smsReadyClinic } from '../../testing/outbox-fixtures';
import type { TestApp } from '../../testing/test-app';
import { inboundWebhookUrls, twilioStatusCallbackFor } from '../inbound/webhook-urls';
import { claimDueMessages, markInFlight } from './outbox.repository';
import { outboxReasons } from './outbox.service';
import { sendDueMessages } from './send-sweep.service';

// A message whose send outcome is unknown (the worker stopped during the
// provider call, so the provider's id was never stored) is corrected by the provider's signed
// status callback, which names our message in its URL; a forged callback changes nothing.

let t: TestApp;
let sandboxes: ChannelSandboxes;
appWithProviderFakesAroundFile((fakes) => ({ t, sandboxes } = fakes));

const minute = 60_000;
const owners = new Map<string, string>();
const creds = channelSandboxCredentials;

async function clinicWithMessage() {
  // Sent on the real clock: a zone where it is now midday keeps the sends inside the window.
  const clinic = await smsReadyClinic(t, middayZone());
  owners.set(clinic.clinicId, clinic.owner.cookie);
  const patientId = `P-${randomBytes(6).toString('hex')}`;
  const phone = `+3461${String(3_000_000 + (process.pid % 1000) * 1000 + Math.floor(Math.random() * 1000)).padStart(7, '0')}`;
  await t.db.insert(patients).values({
    clinicId: clinic.clinicId,
    id: patientId,
    name: 'Ana Ruiz',
    phone,
    procedure: 'Dental Implant',
    language: 'en',
    procedureDate: new Date(Date.now() - 3 * 86_400_000),
  });
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId: clinic.clinicId,
    id,
    patientId,
    channel: 'sms',
    kind: 'followup',
    scheduleDay: 3,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:followup:3`,
    scheduledAt: new Date(Date.now() - minute),
    language: 'en',
    isMarketing: false,
  });
  return { clinicId: clinic.clinicId, id, phone };
}

const row = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!;

/** The worker claims the message, marks it in flight, and dies during the provider call. */
async function crashDuringSend(clinicId: string) {
  const [claim] = await claimDueMessages(t.db, { now: new Date(), limit: 1, clinicIds: [clinicId] });
  expect(
    await markInFlight(t.db, claim!, {
      channel: 'sms',
      messageContent: 'Hi Ana',
      providerError: null,
      now: new Date(),
    }),
  ).toBe('marked');
  const later = new Date(Date.now() + 3 * minute);
  expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => later })).toMatchObject({
    recovered: { requeued: 0, unknown: 1 },
  });
}

/** Twilio's status callback to a URL, signed with `authToken` over that URL and the form. */
function statusCallback(
  url: string,
  params: Record<string, string>,
  authToken: string = creds.twilio.authToken,
) {
  const path = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${path.pathname}${path.search}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature(url, params, authToken),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const delivered = (sid: string, to: string): Record<string, string> => ({
  AccountSid: creds.twilio.accountSid,
  ApiVersion: '2010-04-01',
  From: creds.twilio.fromNumber,
  To: to,
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: 'delivered',
  SmsStatus: 'delivered',
});

describe('status callbacks name our message', () => {
  it('each Twilio send asks for its status at a URL carrying our message id', async () => {
    const { clinicId, id, phone } = await clinicWithMessage();
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId] })).toMatchObject({ claimed: 1 });
    const sent = sandboxes.twilio.messages.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    const statusUrl = inboundWebhookUrls(t.deps.config.http.publicUrl, clinicId).twilioStatus;
    expect(sent[0]!.statusCallback).toBe(twilioStatusCallbackFor(statusUrl, id));
  });

  it('an outcome-unknown message becomes delivered when the signed callback arrives', async () => {
    const { clinicId, id, phone } = await clinicWithMessage();
    await crashDuringSend(clinicId);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.unknownOutcome,
      providerMessageId: null,
    });
    const statusUrl = inboundWebhookUrls(t.deps.config.http.publicUrl, clinicId).twilioStatus;
    const url = twilioStatusCallbackFor(statusUrl, id);
    const sid = `SM${randomBytes(16).toString('hex')}`;

    // Forged: a wrong Auth Token, no signature, our id moved to another URL than the one signed.
    expect((await statusCallback(url, delivered(sid, phone), 'e'.repeat(32))).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}${new URL(url).search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(delivered(sid, phone)).toString(),
    });
    expect(unsigned.statusCode).toBe(401);
    const signedWithoutId = computeTwilioSignature(statusUrl, delivered(sid, phone), creds.twilio.authToken);
    const moved = await t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}${new URL(url).search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signedWithoutId },
      payload: new URLSearchParams(delivered(sid, phone)).toString(),
    });
    expect(moved.statusCode).toBe(403);
    // Signed, but it names neither our message nor a provider id we know.
    expect((await statusCallback(statusUrl, delivered(sid, phone))).statusCode).toBe(200);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.unknownOutcome,
      providerMessageId: null,
    });

    expect((await statusCallback(url, delivered(sid, phone))).statusCode).toBe(200);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'delivered',
      providerError: null,
      providerMessageId: sid,
    });
  });

  it("another clinic's signed callback naming our message changes nothing", async () => {
    const ours = await clinicWithMessage();
    const theirs = await clinicWithMessage();
    await crashDuringSend(ours.clinicId);
    const theirUrl = twilioStatusCallbackFor(
      inboundWebhookUrls(t.deps.config.http.publicUrl, theirs.clinicId).twilioStatus,
      ours.id,
    );
    expect(
      (await statusCallback(theirUrl, delivered(`SM${randomBytes(16).toString('hex')}`, ours.phone)))
        .statusCode,
    ).toBe(200);
    expect(await row(ours.clinicId, ours.id)).toMatchObject({
      deliveryStatus: 'failed',
      providerMessageId: null,
    });
  });

  it('WhatsApp: the status echoing our id in biz_opaque_callback_data corrects it; a forged one does not', async () => {
    const { clinicId, id, phone } = await clinicWithMessage();
    const appSecret = `app-secret-${randomBytes(8).toString('hex')}`;
    await crashDuringSend(clinicId);
    await t.db
      .update(patientCommunications)
      .set({ channel: 'whatsapp' })
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)));
    await saveWhatsAppAppSecret(clinicId, appSecret);
    const url = new URL(inboundWebhookUrls(t.deps.config.http.publicUrl, clinicId).whatsapp);
    const number = {
      id: creds.whatsapp.phoneNumberId,
      displayPhoneNumber: '+1 415-555-2671',
      verifiedName: 'T',
    };
    const wamid = `wamid.${randomBytes(16).toString('hex').toUpperCase()}`;
    const payload = whatsAppStatusPayload(
      number,
      {
        id: wamid,
        phoneNumberId: number.id,
        to: phone.replace('+', ''),
        type: 'template',
        text: null,
        template: null,
        callbackData: id,
        at: new Date(),
      },
      'delivered',
      new Date(),
    );
    const post = (secret: string) => {
      const signed = signedWhatsAppWebhook(payload, secret);
      return t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature },
        payload: signed.rawBody,
      });
    };
    expect((await post('not-the-app-secret')).statusCode).toBe(403);
    expect(await row(clinicId, id)).toMatchObject({ deliveryStatus: 'failed', providerMessageId: null });
    expect((await post(appSecret)).statusCode).toBe(200);
    expect(await row(clinicId, id)).toMatchObject({
      deliveryStatus: 'delivered',
      providerMessageId: wamid,
      providerError: null,
    });
  });
});

async function saveWhatsAppAppSecret(clinicId: string, value: string) {
  const owner = owners.get(clinicId)!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie: owner }),
    payload: { name: `WHATSAPP_APP_SECRET_${clinicId}`, value },
  });
  expect(res.statusCode).toBe(201);
}
