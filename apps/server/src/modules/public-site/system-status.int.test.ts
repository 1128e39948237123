import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, reviewSourceSyncs, systemStatusDays } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { countMessageDeliveries, countReviewSyncs, recordStatusSample } from './system-status.repository';
import {
  checkSystemStatus,
  databaseProbes,
  measureServices,
  recordSystemStatusSample,
  statusWindows,
  utcDay,
} from './system-status.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The measures count every clinic's rows: each test looks at its own week far in the future, where no
 * other test (nor an earlier run on a shared PostgreSQL) writes anything.
 */
// The measures count every clinic's rows in their window: each test gets a week of its own (a random
// week each could fall on another test's, whose sent messages then made "every message failing" a
// partial outage).
const firstWeek = randomInt(0, 1000);
let weeksTaken = 0;
const futureWeek = () => new Date(Date.UTC(2090, 0, 1, 12) + (firstWeek + 2 * weeksTaken++) * 7 * day);

async function syncRow(clinicId: string, at: Date, errorCode: string | null, provider = 'trustpilot') {
  await t.db.insert(reviewSourceSyncs).values({
    clinicId,
    provider,
    lastAttemptAt: at,
    lastSuccessAt: errorCode ? null : at,
    failingSince: errorCode ? at : null,
    lastErrorCode: errorCode,
  });
}

type Message = { status: string; sentAt?: Date; scheduledAt?: Date };
async function messages(clinicId: string, list: Message[]) {
  const patient = await buildPatient(t, clinicId, { phone: '+14155550100' });
  await t.db.insert(patientCommunications).values(
    list.map((m) => ({
      clinicId,
      id: newId('msg'),
      patientId: patient.id,
      channel: 'sms',
      kind: 'followup',
      messageContent: 'Hello',
      deliveryStatus: m.status,
      sentAt: m.sentAt ?? null,
      scheduledAt: m.scheduledAt ?? null,
      providerError: m.status === 'failed' ? 'twilio 30003: Unreachable destination handset' : null,
    })),
  );
}

const probesAt = (now: Date) => databaseProbes(t.db, now);
const serviceOf = async (now: Date, id: string) =>
  (await measureServices(probesAt(now))).find((service) => service.id === id);

// Review monitoring and messaging on the status page are measured, never UNKNOWN.
describe('review monitoring on the status page', () => {
  it('counts the sources synced lately, and the failures that are the service’s rather than a clinic’s setup', async () => {
    const now = futureWeek();
    const [a, b, c, d] = await Promise.all([buildClinic(t), buildClinic(t), buildClinic(t), buildClinic(t)]);
    await syncRow(a.clinicId, new Date(now.getTime() - 30 * minute), null);
    await syncRow(b.clinicId, new Date(now.getTime() - 40 * minute), 'PROVIDER_UNAVAILABLE');
    await syncRow(c.clinicId, new Date(now.getTime() - 50 * minute), 'PROVIDER_AUTH_FAILED');
    await syncRow(d.clinicId, new Date(now.getTime() - 2 * day), null); // connected, not synced lately

    expect(await countReviewSyncs(t.db, statusWindows(now).reviews)).toEqual({
      connected: 4,
      recent: 3,
      clinicSetupFailures: 1,
      serviceFailures: 1,
    });
    expect(await serviceOf(now, 'review_ingestion')).toEqual({
      id: 'review_ingestion',
      status: 'partial-outage',
      note: 'syncs_failing',
    });

    // Five hours on nothing has synced: the hourly sync has stalled.
    expect(await serviceOf(new Date(now.getTime() + 5 * hour), 'review_ingestion')).toMatchObject({
      status: 'partial-outage',
      note: 'syncs_stalled',
    });
    // Once B's source syncs again, only C's own setup problem is left: operational.
    await t.db
      .update(reviewSourceSyncs)
      .set({ failingSince: null, lastErrorCode: null, lastSuccessAt: now })
      .where(eq(reviewSourceSyncs.clinicId, b.clinicId));
    expect(await serviceOf(now, 'review_ingestion')).toMatchObject({ status: 'operational', note: null });
  });

  it('calls it a major outage when most syncs fail on the provider’s side', async () => {
    const now = futureWeek();
    const built = await Promise.all([buildClinic(t), buildClinic(t), buildClinic(t)]);
    const codes = ['PROVIDER_UNAVAILABLE', 'PROVIDER_RATE_LIMITED', null];
    for (const [i, clinic] of built.entries())
      await syncRow(clinic.clinicId, new Date(now.getTime() - (i + 1) * minute), codes[i] ?? null);
    expect(await serviceOf(now, 'review_ingestion')).toMatchObject({
      status: 'major-outage',
      note: 'syncs_failing',
    });
  });
});

describe('messaging on the status page', () => {
  it('counts the messages handed to a provider in the last hour, their failures and the overdue queue, real clock only', async () => {
    const now = futureWeek();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const real = await buildClinic(t);
    await messages(real.clinicId, [
      { status: 'delivered', sentAt: ago(10 * minute) },
      { status: 'failed', sentAt: ago(20 * minute) }, // refused by the provider
      { status: 'failed' }, // stopped before sending (an opt-out): not a delivery
      { status: 'sent', sentAt: ago(2 * hour) }, // outside the hour
      { status: 'queued', scheduledAt: ago(30 * minute) }, // overdue
      { status: 'queued', scheduledAt: ago(5 * minute) }, // within the sender's minutes
      { status: 'queued', scheduledAt: new Date(now.getTime() + hour) }, // later
    ]);
    // A clinic on the sandbox clock schedules at sandbox instants: left out.
    const sandbox = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxClock: true }).where(eq(clinics.id, sandbox.clinicId));
    await messages(sandbox.clinicId, [
      { status: 'failed', sentAt: ago(5 * minute) },
      { status: 'queued', scheduledAt: ago(40 * minute) },
    ]);

    expect(await countMessageDeliveries(t.db, statusWindows(now).messages)).toEqual({
      handed: 2,
      failed: 1,
      overdue: 1,
    });
    expect(await serviceOf(now, 'messaging')).toEqual({
      id: 'messaging',
      status: 'partial-outage',
      note: 'deliveries_delayed',
    });

    // A second refusal: two of three handed over failed.
    await messages(real.clinicId, [{ status: 'failed', sentAt: ago(15 * minute) }]);
    expect(await serviceOf(now, 'messaging')).toMatchObject({
      status: 'partial-outage',
      note: 'deliveries_failing',
    });
  });

  it('is operational when what was handed over went out and nothing waits', async () => {
    const now = futureWeek();
    const clinic = await buildClinic(t);
    await messages(clinic.clinicId, [
      { status: 'read', sentAt: new Date(now.getTime() - 5 * minute) },
      { status: 'sent', sentAt: new Date(now.getTime() - 25 * minute) },
    ]);
    expect(await serviceOf(now, 'messaging')).toMatchObject({ status: 'operational', note: null });
  });

  it('calls every message of the hour failing a major outage', async () => {
    const now = futureWeek();
    const clinic = await buildClinic(t);
    const failed = { status: 'failed', sentAt: new Date(now.getTime() - 5 * minute) };
    await messages(clinic.clinicId, [failed, failed, failed]);
    expect(await serviceOf(now, 'messaging')).toMatchObject({
      status: 'major-outage',
      note: 'deliveries_failing',
    });
  });
});

describe('the status history', () => {
  it('records a sample of every service per run, and shows the days with their worst state and uptime', async () => {
    const now = futureWeek();
    const today = utcDay(now);
    const yesterday = utcDay(new Date(now.getTime() - day));
    // Yesterday: three samples, one with messaging in a partial outage.
    const operational = [
      { id: 'api', status: 'operational' },
      { id: 'database', status: 'operational' },
      { id: 'job_runner', status: 'operational' },
      { id: 'review_ingestion', status: 'operational' },
    ] as const;
    await recordStatusSample(
      t.db,
      yesterday,
      [...operational, { id: 'messaging', status: 'operational' }],
      now,
    );
    await recordStatusSample(
      t.db,
      yesterday,
      [...operational, { id: 'messaging', status: 'operational' }],
      now,
    );
    await recordStatusSample(
      t.db,
      yesterday,
      [...operational, { id: 'messaging', status: 'partial-outage' }],
      now,
    );
    // Today: two runs of the job.
    await recordSystemStatusSample(t.db, now);
    await recordSystemStatusSample(t.db, new Date(now.getTime() + 5 * minute));

    const rows = await t.db.select().from(systemStatusDays).where(eq(systemStatusDays.day, today));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.samples).toBe(2);

    const status = await checkSystemStatus(probesAt(now), now);
    const messaging = status.services.find((service) => service.id === 'messaging');
    expect(messaging?.history).toHaveLength(90);
    expect(messaging?.history.at(-1)).toEqual({ date: today, status: 'operational', uptimePercent: 100 });
    expect(messaging?.history.at(-2)).toEqual({
      date: yesterday,
      status: 'partial-outage',
      uptimePercent: 66.7,
    });
    expect(messaging?.history.at(-3)).toEqual({
      date: utcDay(new Date(now.getTime() - 2 * day)),
      status: 'unknown',
      uptimePercent: null,
    });
    expect(messaging?.uptimePercent).toBe(80);
    expect(status.services.find((service) => service.id === 'api')?.uptimePercent).toBe(100);
  });

  it('forgets the days older than the history', async () => {
    const now = futureWeek();
    const old = utcDay(new Date(now.getTime() - 90 * day));
    const kept = utcDay(new Date(now.getTime() - 89 * day));
    await recordStatusSample(t.db, old, [{ id: 'api', status: 'operational' }], now);
    await recordStatusSample(t.db, kept, [{ id: 'api', status: 'operational' }], now);
    const { removed } = await recordSystemStatusSample(t.db, now);
    expect(removed).toBeGreaterThanOrEqual(1);
    const days = (await t.db.select({ day: systemStatusDays.day }).from(systemStatusDays)).map((r) => r.day);
    expect(days).not.toContain(old);
    expect(days).toContain(kept);
  });
});
