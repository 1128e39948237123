import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, patients } from '../../db/schema';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials as creds,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { middayZone } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  startWebhookReceiver,
  subscribeToEveryEvent,
  type WebhookReceiver,
} from '../../testing/webhook-receiver';
import { inboundWebhookUrls } from '../inbound/webhook-urls';
import { outboxReasons } from '../outbox/outbox.service';
import { sendDueMessages } from '../outbox/send-sweep.service';

// A message's whole course reaches the clinic's endpoints: message.sent when the provider takes it,
// message.delivered when it says it arrived, message.failed with the reason (a code, and the
// words with any phone number masked: the receiver reads patient details through /api/v1).

let t: TestApp;
let receiver: WebhookReceiver;
let sandboxes: ChannelSandboxes;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({
    // Its sweeps deliver every clinic's due webhooks: on a database of its own, never another file's.
    ownDatabase: true,
    env: { ...sandboxes.env, WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${receiver.port}` },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await sandboxes?.close();
});

let pathCount = 0;

/** A Professional clinic on the Twilio fake with an endpoint subscribed to every event. */
async function subscribedClinic() {
  const clinic = await buildClinic(t, { tier: 'professional' });
  // The sender keeps quiet hours in the clinic's zone: one where it is midday now.
  await t.db.update(clinics).set({ timeZone: middayZone() }).where(eq(clinics.id, clinic.clinicId));
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { provider: 'twilio', ...creds.twilio },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const { received } = await subscribeToEveryEvent(t, receiver, clinic.owner, `/messages/${++pathCount}`);
  return { ...clinic, received };
}

let phoneCounter = 0;
const uniquePhone = () => `+3467${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

async function queued(clinicId: string, patientId: string) {
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel: 'sms',
    kind: 'followup',
    scheduleDay: 3,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:followup:3`,
    scheduledAt: new Date(Date.now() - 60_000),
    language: 'en',
  });
  return id;
}

const providerIdOf = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!.providerMessageId!;

/** Twilio's status callback for a message, signed with the clinic's auth token, over HTTP. */
function statusCallback(clinicId: string, sid: string, to: string, status: string, errorCode?: string) {
  const url = inboundWebhookUrls(t.deps.config.http.publicUrl, clinicId).twilioStatus;
  const params: Record<string, string> = {
    AccountSid: creds.twilio.accountSid,
    ApiVersion: '2010-04-01',
    From: creds.twilio.fromNumber,
    To: to,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    ...(errorCode ? { ErrorCode: errorCode, ErrorMessage: `Unreachable destination handset ${to}` } : {}),
  };
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature(url, params, creds.twilio.authToken),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('message webhooks', () => {
  it('message.sent when the provider takes it, message.delivered when it arrives', async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const id = await queued(clinic.clinicId, patient.id);
    expect(await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] })).toMatchObject({ sent: 1 });
    const sid = await providerIdOf(clinic.clinicId, id);
    expect((await statusCallback(clinic.clinicId, sid, patient.phone!, 'delivered')).statusCode).toBe(200);
    // Told twice (providers retry): one event.
    expect((await statusCallback(clinic.clinicId, sid, patient.phone!, 'delivered')).statusCode).toBe(200);

    const thin = { message_id: id, patient_id: patient.id, channel: 'sms', kind: 'followup' };
    // Deliveries go out in any order (each has its own timestamp).
    const events = (await clinic.received()).map((e) => [e.type, e.data]);
    expect(events.sort((a, b) => String(b[0]).localeCompare(String(a[0])))).toEqual([
      ['message.sent', thin],
      ['message.delivered', thin],
    ]);
  });

  it("message.failed carries the reason: the provider's code and words (no phone number), or ours", async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const id = await queued(clinic.clinicId, patient.id);
    await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    const sid = await providerIdOf(clinic.clinicId, id);
    await statusCallback(clinic.clinicId, sid, patient.phone!, 'undelivered', '30003');

    const optedOut = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    await t.db
      .update(patients)
      .set({ smsOptedOutAt: new Date(), smsOptOutSource: 'patient_reply' })
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.id, optedOut.id)));
    const skipped = await queued(clinic.clinicId, optedOut.id);
    await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });

    const failed = (await clinic.received()).filter((e) => e.type === 'message.failed');
    expect(
      failed.map((e) => e.data).sort((a, b) => String(b.reason).localeCompare(String(a.reason))),
    ).toEqual([
      {
        message_id: id,
        patient_id: patient.id,
        channel: 'sms',
        kind: 'followup',
        reason: 'provider_error',
        error: 'Unreachable destination handset [number] (code 30003)',
      },
      {
        message_id: skipped,
        patient_id: optedOut.id,
        channel: 'sms',
        kind: 'followup',
        reason: 'opted_out',
        error: outboxReasons.opted_out,
      },
    ]);
    expect(JSON.stringify(failed)).not.toContain(patient.phone!.slice(1));
  });
});
