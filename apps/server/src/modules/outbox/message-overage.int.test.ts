import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications } from '../../db/schema';
import { newId } from '../../lib/ids';
import { jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, startChannelSandboxes } from '../../testing/channel-sandboxes';
import {
  addOutboxPatient,
  middayZone,
  outboxRow,
  queueMessage,
  smsReadyClinic,
} from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// Past the plan's monthly allowance, messages keep going and are billed as overage at the spec's
// per-message rates (docs/decisions/011): each one past it is marked so when it is sent, and the
// usage page shows the overage so far.

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

// The clinics are in a zone where it is now about noon: inside the sending window, and an hour ago
// is the same local day and month.
const zone = middayZone();
const today = new Date(Date.now() - 60_000);

/** `n` SMS already sent this month to one patient (earlier today). */
async function alreadySent(clinicId: string, patientId: string, n: number) {
  const at = new Date(today.getTime() - 60 * 60_000);
  await t.db.insert(patientCommunications).values(
    Array.from({ length: n }, () => ({
      clinicId,
      id: newId('msg'),
      patientId,
      channel: 'sms',
      kind: 'reply',
      messageContent: 'earlier',
      deliveryStatus: 'sent',
      sentAt: at,
    })),
  );
}

describe('past the monthly allowance', () => {
  it('a Professional clinic at 499 of 500 SMS: the 500th is included, the 501st goes and is billed as overage', async () => {
    const clinic = await smsReadyClinic(t, zone);
    const { clinicId } = clinic;
    await t.db.update(clinics).set({ subscriptionTier: 'professional' }).where(eq(clinics.id, clinicId));
    const earlier = await addOutboxPatient(t, clinicId);
    await alreadySent(clinicId, earlier.id, 499);
    const [a, b] = [await addOutboxPatient(t, clinicId), await addOutboxPatient(t, clinicId)];
    const first = await queueMessage(t, clinicId, a.id, { scheduledAt: new Date(today.getTime() - 2000) });
    const second = await queueMessage(t, clinicId, b.id, { scheduledAt: new Date(today.getTime() - 1000) });

    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => today, concurrency: 1 });
    expect(result).toMatchObject({ sent: 2, failed: 0, deferred: 0 });
    expect(await outboxRow(t, clinicId, first)).toMatchObject({
      deliveryStatus: 'sent',
      billedAsOverage: false,
    });
    expect(await outboxRow(t, clinicId, second)).toMatchObject({
      deliveryStatus: 'sent',
      billedAsOverage: true,
    });

    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toMatchObject({
      sms: { used: 501, limit: 500 },
      overage: { policy: 'billed', messages: 1, costCents: 1 },
    });
  });

  it('a Starter clinic (no SMS included) is billed from the first SMS; nothing is held back', async () => {
    const clinic = await smsReadyClinic(t, zone);
    const patient = await addOutboxPatient(t, clinic.clinicId);
    const id = await queueMessage(t, clinic.clinicId, patient.id, {
      scheduledAt: new Date(today.getTime() - 1000),
    });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId], now: () => today })).toMatchObject({
      sent: 1,
    });
    expect(await outboxRow(t, clinic.clinicId, id)).toMatchObject({ billedAsOverage: true });
  });
});
