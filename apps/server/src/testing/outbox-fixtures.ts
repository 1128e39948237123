import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clinics, patientCommunications, patients } from '../db/schema';
import { newId } from '../lib/ids';
import { buildClinic, jsonHeaders } from './build-user';
import { channelSandboxCredentials } from './channel-sandboxes';
import type { TestApp } from './test-app';

// Clinics, patients and queued messages for the outbox's tests, against the channel sandboxes.

/** A clinic with Twilio SMS set up against the test sandboxes, in `timeZone`. */
export async function smsReadyClinic(t: TestApp, timeZone = 'UTC', practiceName = 'Sunrise Dental') {
  const clinic = await buildClinic(t, { practiceName });
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { provider: 'twilio', ...channelSandboxCredentials.twilio },
  });
  expect(sms.statusCode).toBe(200);
  await t.db.update(clinics).set({ timeZone }).where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

let phoneCounter = 0;

/** A patient with a unique Spanish mobile number, treated three days ago. */
export async function addOutboxPatient(t: TestApp, clinicId: string, name = 'Ana Ruiz') {
  const id = `P-${randomBytes(6).toString('hex')}`;
  const phone = `+3462${String(1_000_000 + (process.pid % 1000) * 1000 + phoneCounter++).padStart(7, '0')}`;
  await t.db.insert(patients).values({
    clinicId,
    id,
    name,
    phone,
    procedure: 'Dental Implant',
    language: 'en',
    procedureDate: new Date(Date.now() - 3 * 86_400_000),
  });
  return { id, phone };
}

/** A planned message as the planner writes it, due at `scheduledAt`. */
export async function queueMessage(
  t: TestApp,
  clinicId: string,
  patientId: string,
  options: { scheduledAt: Date; kind?: 'followup' | 'crosssell'; scheduleDay?: number },
) {
  const kind = options.kind ?? 'followup';
  const scheduleDay = options.scheduleDay ?? 3;
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel: 'sms',
    kind,
    scheduleDay,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:${kind}:${scheduleDay}`,
    scheduledAt: options.scheduledAt,
    language: 'en',
    isMarketing: kind === 'crosssell',
  });
  return id;
}

export const outboxRow = async (t: TestApp, clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!;

/**
 * A fixed-offset zone in which it is now about noon, for tests that send on the real clock: the
 * sender keeps the clinic's quiet hours (09:00-20:00 by default), so a clinic in UTC would send
 * nothing when the suite runs at night.
 */
export function middayZone(now = new Date()): string {
  const offsetHours = 12 - now.getUTCHours(); // -11 ... +12, all valid Etc/GMT zones
  if (offsetHours === 0) return 'Etc/GMT';
  // The Etc/GMT signs are POSIX's: Etc/GMT-3 is three hours ahead of UTC.
  return offsetHours > 0 ? `Etc/GMT-${offsetHours}` : `Etc/GMT+${-offsetHours}`;
}
