import { instantAtLocal, isoDateOfDay, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelSandboxes, startChannelSandboxes } from '../../testing/channel-sandboxes';
import { addOutboxPatient, outboxRow, queueMessage, smsReadyClinic } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// The clinic's sending window and one message a day hold when the message is SENT, not only when it
// is planned: a backlog swept late at night, or two messages of one patient due together.

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

const madrid = 'Europe/Madrid';
const smsTo = (phone: string) => sandboxes.twilio.messages.filter((m) => m.to === phone);
// A day well ahead of the real clock, so the test reads the same whenever it runs.
const day = localDayOf(Date.now(), madrid) + 10;
const madridAt = (d: number, hours: number, minutes = 0) =>
  new Date(instantAtLocal(d, hours * 60 + minutes, madrid));

describe('at send time, in the clinic time zone', () => {
  it('a backlog swept at 23:30 in Madrid sends nothing and moves to the next morning’s opening', async () => {
    const { clinicId } = await smsReadyClinic(t, madrid);
    const patients = await Promise.all([1, 2, 3].map(() => addOutboxPatient(t, clinicId)));
    // Planned for the afternoon (inside the window); the worker was down until 23:30.
    const ids = await Promise.all(
      patients.map((p) => queueMessage(t, clinicId, p.id, { scheduledAt: madridAt(day, 15) })),
    );
    const lateNight = madridAt(day, 23, 30);
    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => lateNight });
    expect(result).toMatchObject({ claimed: 3, sent: 0, failed: 0, deferred: 3 });
    for (const p of patients) expect(smsTo(p.phone)).toHaveLength(0);
    for (const id of ids) {
      const row = await outboxRow(t, clinicId, id);
      // Queued again for 09:00 the next day, the claim given back (no try used up).
      expect(row).toMatchObject({ deliveryStatus: 'queued', attempts: 0, sentAt: null });
      expect(row.scheduledAt).toEqual(madridAt(day + 1, 9));
      expect(row.sendDate).toBe(isoDateOfDay(day + 1));
      expect(row.providerError).toMatch(/sending window/);
    }
    // During the night nothing is due; at the opening all three go, once each.
    expect(
      await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => madridAt(day + 1, 3) }),
    ).toMatchObject({ claimed: 0 });
    const morning = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => madridAt(day + 1, 9) });
    expect(morning).toMatchObject({ claimed: 3, sent: 3 });
    for (const p of patients) expect(smsTo(p.phone)).toHaveLength(1);
    for (const id of ids) expect(await outboxRow(t, clinicId, id)).toMatchObject({ attempts: 1 });
  });

  it('before the window opens (06:00) the backlog waits for 09:00 the same day', async () => {
    const { clinicId } = await smsReadyClinic(t, madrid);
    const patient = await addOutboxPatient(t, clinicId);
    const id = await queueMessage(t, clinicId, patient.id, { scheduledAt: madridAt(day, 5) });
    const early = madridAt(day, 6);
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => early })).toMatchObject({
      sent: 0,
      deferred: 1,
    });
    expect((await outboxRow(t, clinicId, id)).scheduledAt).toEqual(madridAt(day, 9));
  });

  it('two due messages for one patient: one goes, the other moves to the next day’s opening', async () => {
    const { clinicId } = await smsReadyClinic(t, madrid);
    const patient = await addOutboxPatient(t, clinicId);
    const followUp = await queueMessage(t, clinicId, patient.id, {
      scheduledAt: madridAt(day, 10),
      scheduleDay: 3,
    });
    const later = await queueMessage(t, clinicId, patient.id, {
      scheduledAt: madridAt(day, 10, 1),
      scheduleDay: 7,
    });
    // Both claimed in one sweep and handled by parallel lanes.
    const noon = madridAt(day, 12);
    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon, concurrency: 4 });
    expect(result).toMatchObject({ claimed: 2, sent: 1, deferred: 1, failed: 0 });
    expect(smsTo(patient.phone)).toHaveLength(1);
    const rows = [await outboxRow(t, clinicId, followUp), await outboxRow(t, clinicId, later)];
    const sent = rows.find((r) => r.deliveryStatus === 'sent');
    const moved = rows.find((r) => r.deliveryStatus === 'queued');
    expect(sent).toBeDefined();
    expect(moved?.scheduledAt).toEqual(madridAt(day + 1, 9));
    expect(moved?.providerError).toMatch(/one message a day/);
    // The next day it goes.
    expect(
      await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => madridAt(day + 1, 9) }),
    ).toMatchObject({ sent: 1 });
    expect(smsTo(patient.phone)).toHaveLength(2);
  });

  it('Tokyo: a message due at 08:00 local (23:00Z the day before) waits for 09:00 local', async () => {
    const tokyo = 'Asia/Tokyo';
    const { clinicId } = await smsReadyClinic(t, tokyo);
    const patient = await addOutboxPatient(t, clinicId);
    const tokyoDay = localDayOf(Date.now(), tokyo) + 10;
    const eight = new Date(instantAtLocal(tokyoDay, 8 * 60, tokyo));
    const id = await queueMessage(t, clinicId, patient.id, { scheduledAt: eight });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => eight })).toMatchObject({
      deferred: 1,
    });
    expect((await outboxRow(t, clinicId, id)).scheduledAt).toEqual(
      new Date(instantAtLocal(tokyoDay, 9 * 60, tokyo)),
    );
    expect(smsTo(patient.phone)).toHaveLength(0);
  });
});
