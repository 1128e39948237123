import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { patientCommunications } from '../../db/schema';
import { type ChannelSandboxes, startChannelSandboxes } from '../../testing/channel-sandboxes';
import { addOutboxPatient, queueMessage, smsReadyClinic } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// A provider's 429 backs off every send of that clinic through that provider (not each lane on its
// own): Retry-After honoured, messages delayed and still queued, none failed, requests bounded.

let t: TestApp;
let sandboxes: ChannelSandboxes;

beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({ env: { ...sandboxes.env, INTEGRATION_MAX_RETRIES: '3' } });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});
beforeEach(() => {
  sandboxes.twilio.faults.length = 0;
});

const day = localDayOf(Date.now(), 'UTC') + 10;
const noon = new Date(instantAtLocal(day, 12 * 60, 'UTC'));
const seconds = (n: number) => new Date(noon.getTime() + n * 1000);
const twilioPosts = () => sandboxes.twilio.requests.filter((r) => r.startsWith('POST')).length;

async function statuses(clinicId: string) {
  const rows = await t.db
    .select({ status: patientCommunications.deliveryStatus, scheduledAt: patientCommunications.scheduledAt })
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId)));
  return rows;
}

describe('a 429 storm', () => {
  it('holds the clinic’s sends through that provider until Retry-After; none fail, requests stay bounded', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patients = await Promise.all(Array.from({ length: 12 }, () => addOutboxPatient(t, clinicId)));
    for (const p of patients) await queueMessage(t, clinicId, p.id, { scheduledAt: noon });
    // Twilio answers 429 (code 20429, Retry-After: 30) to the first requests.
    for (let i = 0; i < 4; i++)
      sandboxes.twilio.faults.push({ kind: 'status', status: 429, code: 20429, retryAfterSeconds: 30 });
    const before = twilioPosts();

    const first = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon, concurrency: 4 });
    expect(first.failed).toBe(0);
    // At most one 429 per lane that was already calling; the rest waited without a request.
    expect(twilioPosts() - before).toBeLessThanOrEqual(4);
    expect(first.deferred).toBe(12);
    const waiting = await statuses(clinicId);
    expect(waiting.every((row) => row.status === 'queued')).toBe(true);
    // Nothing before Retry-After has passed.
    expect(waiting.every((row) => row.scheduledAt!.getTime() >= seconds(30).getTime())).toBe(true);
    expect(
      await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => seconds(20), concurrency: 4 }),
    ).toMatchObject({ claimed: 0 });

    // After it, everything goes, once each. The storm is over: a 429 scripted for a lane that never
    // called during it (lanes saw the hold first; how many did depends on timing) is not left to
    // answer after Retry-After (it did in a CI run: 3 left, 1 of 12 sent).
    sandboxes.twilio.faults.length = 0;
    const second = await sendDueMessages(t.deps, {
      clinicIds: [clinicId],
      now: () => seconds(31),
      concurrency: 4,
    });
    expect(second).toMatchObject({ sent: 12, failed: 0 });
    expect((await statuses(clinicId)).every((row) => row.status === 'sent')).toBe(true);
    for (const p of patients)
      expect(sandboxes.twilio.messages.filter((m) => m.to === p.phone)).toHaveLength(1);
    // 12 messages: 12 accepted requests and at most 4 refused ones.
    expect(twilioPosts() - before).toBeLessThanOrEqual(16);
  });

  it('without Retry-After the wait grows exponentially, and another clinic is not held', async () => {
    const held = await smsReadyClinic(t);
    const other = await smsReadyClinic(t);
    const a = await addOutboxPatient(t, held.clinicId);
    const b = await addOutboxPatient(t, other.clinicId);
    await queueMessage(t, held.clinicId, a.id, { scheduledAt: noon });
    sandboxes.twilio.faults.push({ kind: 'status', status: 429, code: 20429 });
    expect(await sendDueMessages(t.deps, { clinicIds: [held.clinicId], now: () => noon })).toMatchObject({
      deferred: 1,
      failed: 0,
    });
    const [firstWait] = await statuses(held.clinicId);
    const firstDelay = firstWait!.scheduledAt!.getTime() - noon.getTime();
    expect(firstDelay).toBeGreaterThan(0);
    // Refused again at that time: a longer wait.
    sandboxes.twilio.faults.push({ kind: 'status', status: 429, code: 20429 });
    expect(
      await sendDueMessages(t.deps, { clinicIds: [held.clinicId], now: () => firstWait!.scheduledAt! }),
    ).toMatchObject({ deferred: 1 });
    const [secondWait] = await statuses(held.clinicId);
    expect(secondWait!.scheduledAt!.getTime() - firstWait!.scheduledAt!.getTime()).toBeGreaterThan(
      firstDelay,
    );
    // The other clinic's Twilio sends go on.
    await queueMessage(t, other.clinicId, b.id, { scheduledAt: noon });
    expect(await sendDueMessages(t.deps, { clinicIds: [other.clinicId], now: () => noon })).toMatchObject({
      sent: 1,
    });
  });
});
