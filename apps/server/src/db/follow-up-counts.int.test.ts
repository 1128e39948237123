import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { buildClinic } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { executeRows } from './execute-rows';
import { clinics, patientCommunications, patients } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type CountRow = {
  quarter: Date | string;
  channel: string;
  procedure: string;
  sent: number;
  delivered: number;
  failed: number;
  replied: number;
};
const lines = (rows: CountRow[]) =>
  rows
    .filter(
      (r) =>
        Number(r.sent) !== 0 ||
        Number(r.delivered) !== 0 ||
        Number(r.failed) !== 0 ||
        Number(r.replied) !== 0,
    )
    .map(
      (r) =>
        `${new Date(r.quarter).toISOString()} ${r.channel} ${r.procedure} ${r.sent}/${r.delivered}/${r.failed}/${r.replied}`,
    )
    .sort();

/** The kept follow-up counts of a clinic, and the same counted from the messages now. */
async function keptAndCounted(clinicId: string) {
  const kept = await executeRows<CountRow>(
    t.db,
    sql`select quarter, channel, procedure, sent, delivered, failed, replied from follow_up_counts where clinic_id = ${clinicId}`,
  );
  const counted = await executeRows<CountRow>(
    t.db,
    sql`select quarter, channel, procedure, sent, delivered, failed, replied from follow_ups_counted_from_tables() where clinic_id = ${clinicId}`,
  );
  return { kept: lines(kept), counted: lines(counted) };
}

const patientIn = async (clinicId: string, procedure: string | null) => {
  const id = `P-${randomBytes(5).toString('hex')}`;
  await t.db.insert(patients).values({ clinicId, id, name: 'Ana Ruiz', procedure });
  return id;
};

describe('kept follow-up counts', () => {
  it('equal a recount of the messages after sending, deliveries, replies, failures and deletions', async () => {
    const { clinicId } = await buildClinic(t);
    const other = await buildClinic(t);
    const inStep = async (step: string) => {
      const { kept, counted } = await keptAndCounted(clinicId);
      expect(kept, step).toEqual(counted);
      return kept;
    };
    const implant = await patientIn(clinicId, 'Dental Implant');
    const none = await patientIn(clinicId, null);
    const elsewhere = await patientIn(other.clinicId, 'Dental Implant');

    // Queued follow-ups (not sent yet) and a test message count nothing.
    const ids = Array.from({ length: 6 }, () => newId('msg'));
    await t.db.insert(patientCommunications).values([
      ...ids.slice(0, 4).map((id, i) => ({
        clinicId,
        id,
        patientId: i % 2 === 0 ? implant : none,
        channel: i < 2 ? 'sms' : 'whatsapp',
        kind: 'followup',
        messageContent: 'How are you feeling?',
      })),
      {
        clinicId,
        id: ids[4] as string,
        patientId: implant,
        channel: 'sms',
        kind: 'test',
        messageContent: 'Test',
      },
      {
        clinicId: other.clinicId,
        id: ids[5] as string,
        patientId: elsewhere,
        channel: 'sms',
        kind: 'followup',
        messageContent: 'Hi',
        sentAt: new Date('2026-01-10T10:00:00Z'),
      },
    ]);
    expect(await inStep('queued')).toEqual([]);

    const one = (id: string | undefined) =>
      and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id as string));
    // Sent in one statement, across a quarter hour's edge and a local day's in Madrid and Istanbul.
    await t.db
      .update(patientCommunications)
      .set({
        sentAt: sql`case when ${patientCommunications.channel} = 'sms' then timestamptz '2026-01-31T22:59:59Z' else timestamptz '2026-01-31T23:00:00Z' end`,
        deliveryStatus: 'sent',
      })
      .where(eq(patientCommunications.clinicId, clinicId));
    expect(await inStep('sent')).toHaveLength(4);
    await t.db.update(patientCommunications).set({ deliveryStatus: 'delivered' }).where(one(ids[0]));
    await inStep('delivered');
    await t.db.update(patientCommunications).set({ deliveryStatus: 'read' }).where(one(ids[0]));
    await inStep('read');
    await t.db.update(patientCommunications).set({ responseReceived: true }).where(one(ids[0]));
    await inStep('replied');
    await t.db.update(patientCommunications).set({ deliveryStatus: 'failed' }).where(one(ids[1]));
    await inStep('failed');
    await t.db
      .update(patients)
      .set({ procedure: 'Hair Transplant' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, none)));
    await inStep("a patient's procedure changed");
    await t.db.delete(patientCommunications).where(one(ids[2]));
    await inStep('a message deleted');
    await t.db.delete(patients).where(and(eq(patients.clinicId, clinicId), eq(patients.id, implant)));
    const afterErasure = await inStep("a patient's erasure");
    expect(afterErasure.join('\n')).toContain('Hair Transplant 1/0/1/0');

    // A time-zone change rebuilds nothing: the quarter hours are UTC's.
    await t.db.update(clinics).set({ timeZone: 'Europe/Istanbul' }).where(eq(clinics.id, clinicId));
    expect(await inStep('zone changed')).toEqual(afterErasure);

    // The other clinic's message was counted for it alone; its deletion takes its counts.
    expect((await keptAndCounted(other.clinicId)).kept).toEqual([
      '2026-01-10T10:00:00.000Z sms Dental Implant 1/0/0/0',
    ]);
    await t.db.delete(clinics).where(eq(clinics.id, other.clinicId));
    expect((await keptAndCounted(other.clinicId)).kept).toEqual([]);
  });

  it('roll back with the statement that failed', async () => {
    const { clinicId } = await buildClinic(t);
    const patientId = await patientIn(clinicId, 'Dental Implant');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(patientCommunications).values({
          clinicId,
          id: newId('msg'),
          patientId,
          channel: 'sms',
          kind: 'followup',
          messageContent: 'Hi',
          sentAt: new Date(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await keptAndCounted(clinicId)).kept).toEqual([]);
  });
});
