import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications, webhookLogs } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials as creds,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { addOutboxPatient } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// Each provider says "too many requests" its own way (providers.md): Twilio HTTP 429 code 20429,
// WhatsApp HTTP 429 code 4 or HTTP 400 code 130429, SNS Throttling (HTTP 400), Vonage HTTP 200 with
// message status 1. Each one holds the clinic's sends through that provider: the first message is
// refused, the others wait without a request, none fails, and all go once the wait is over.

let t: TestApp;
let sandboxes: ChannelSandboxes;

beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

const day = localDayOf(Date.now(), 'UTC') + 10;
const noon = new Date(instantAtLocal(day, 12 * 60, 'UTC'));

type Case = {
  name: string;
  channel: 'sms' | 'whatsapp';
  sms: Record<string, string>;
  refuse: () => void;
  requests: () => number;
  /** The wait the provider asked for, when it said. */
  waitMs: number;
};

const cases: Case[] = [
  {
    name: 'Vonage: HTTP 200, message status 1 (Throttled)',
    channel: 'sms',
    sms: { provider: 'vonage', accountSid: creds.vonage.apiKey, authToken: creds.vonage.apiSecret },
    refuse: () =>
      sandboxes.vonage.faults.push({
        kind: 'message-status',
        status: '1',
        errorText: 'Throughput Rate Exceeded',
      }),
    requests: () => sandboxes.vonage.requests.filter((r) => r.startsWith('POST')).length,
    waitMs: 30_000,
  },
  {
    name: 'AWS SNS: Throttling (HTTP 400)',
    channel: 'sms',
    sms: {
      provider: 'aws_sns',
      accountSid: creds.awsSns.accessKeyId,
      authToken: creds.awsSns.secretAccessKey,
    },
    refuse: () => sandboxes.awsSns.faults.push({ kind: 'status', status: 400, code: 'Throttling' }),
    requests: () => sandboxes.awsSns.requests.length,
    waitMs: 30_000,
  },
  {
    name: 'WhatsApp: HTTP 429, code 4, Retry-After 90',
    channel: 'whatsapp',
    sms: { provider: 'twilio', accountSid: creds.twilio.accountSid, authToken: creds.twilio.authToken },
    refuse: () =>
      sandboxes.whatsapp.faults.push({ kind: 'status', status: 429, code: 4, retryAfterSeconds: 90 }),
    requests: () => sandboxes.whatsapp.requests.filter((r) => r.startsWith('POST')).length,
    waitMs: 90_000,
  },
  {
    name: 'WhatsApp: HTTP 400, code 130429 (throughput)',
    channel: 'whatsapp',
    sms: { provider: 'twilio', accountSid: creds.twilio.accountSid, authToken: creds.twilio.authToken },
    refuse: () => sandboxes.whatsapp.faults.push({ kind: 'status', status: 400, code: 130429 }),
    requests: () => sandboxes.whatsapp.requests.filter((r) => r.startsWith('POST')).length,
    waitMs: 30_000,
  },
];

describe('the providers’ throttling answers', () => {
  it.each(cases)('$name', async ({ channel, sms, refuse, requests, waitMs }) => {
    const clinic = await buildClinic(t);
    const { clinicId } = clinic;
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers,
      payload: { ...sms, fromNumber: creds.twilio.fromNumber },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (channel === 'whatsapp') {
      const wa = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/whatsapp',
        headers,
        payload: { accessToken: creds.whatsapp.accessToken, phoneNumberId: creds.whatsapp.phoneNumberId },
      });
      expect(wa.statusCode).toBe(200);
      const on = await t.app.inject({
        method: 'PUT',
        url: '/api/automation/settings',
        headers,
        payload: { whatsappEnabled: true, smsEnabled: true, defaultChannel: 'whatsapp' },
      });
      expect(on.statusCode).toBe(200);
    }
    const patients = await Promise.all([1, 2, 3].map(() => addOutboxPatient(t, clinicId)));
    for (const [i, p] of patients.entries()) {
      if (channel === 'whatsapp')
        // Inside the 24-hour window: free text, not the template.
        await t.db.insert(webhookLogs).values({
          clinicId,
          id: newId('whl'),
          webhookType: 'inbound_message',
          provider: 'whatsapp',
          patientId: p.id,
          patientPhone: p.phone,
          messageContent: 'Thanks',
          receivedAt: new Date(noon.getTime() - 3_600_000),
        });
      await t.db.insert(patientCommunications).values({
        clinicId,
        id: newId('msg'),
        patientId: p.id,
        channel,
        fallbackChannel: channel === 'whatsapp' ? 'sms' : null,
        kind: 'followup',
        scheduleDay: 3,
        messageContent: '',
        deliveryStatus: 'queued',
        dedupeKey: `${p.id}:followup:3`,
        scheduledAt: new Date(noon.getTime() - i),
        language: 'en',
      });
    }
    refuse();
    const before = requests();
    const first = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon, concurrency: 1 });
    expect(first).toMatchObject({ claimed: 3, sent: 0, failed: 0, deferred: 3 });
    // One refused request; the two others waited without one (and no SMS fallback was spent).
    expect(requests() - before).toBe(1);
    const rows = await t.db
      .select()
      .from(patientCommunications)
      .where(eq(patientCommunications.clinicId, clinicId));
    for (const row of rows) {
      expect(row).toMatchObject({ deliveryStatus: 'queued', attempts: 0, channel });
      expect(row.scheduledAt).toEqual(new Date(noon.getTime() + waitMs));
    }
    const after = new Date(noon.getTime() + waitMs);
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => after })).toMatchObject({
      sent: 3,
      failed: 0,
    });
    expect(requests() - before).toBe(4);
  });
});
