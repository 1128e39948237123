import type { ServiceStatus, StatusServiceId } from '@careloop/contracts/public-site';
import { gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { clinics, patientCommunications, reviewSourceSyncs, systemStatusDays } from '../../db/schema';

/** Review sources across clinics: connected lately, synced lately, and failing on our or the provider's side. */
export type ReviewSyncCounts = {
  /** Sources with a sync attempt in the last week (a source nobody syncs any more is gone). */
  connected: number;
  /** Sources with a sync attempt since `recentSince`. */
  recent: number;
  /** Recent attempts that failed because of the clinic's own setup (bad key, unknown page). */
  clinicSetupFailures: number;
  /** Recent attempts that failed on the provider's side or ours (outage, rate limit, bad answer, bug). */
  serviceFailures: number;
};

/** A failure that the clinic fixes in its settings, not one of the service. */
const clinicSetupErrors = ['PROVIDER_AUTH_FAILED', 'PROVIDER_NOT_FOUND'];

export async function countReviewSyncs(
  db: Database,
  window: { now: Date; recentSince: Date; connectedSince: Date },
): Promise<ReviewSyncCounts> {
  const setup = sql.join(
    clinicSetupErrors.map((code) => sql`${code}`),
    sql`, `,
  );
  const t = reviewSourceSyncs;
  const [row] = await executeRows<Record<keyof ReviewSyncCounts, number | string>>(
    db,
    sql`
    select
      count(*) as "connected",
      count(*) filter (where ${t.lastAttemptAt} >= ${window.recentSince}) as "recent",
      count(*) filter (where ${t.lastAttemptAt} >= ${window.recentSince}
        and ${t.failingSince} is not null and ${t.lastErrorCode} in (${setup})) as "clinicSetupFailures",
      count(*) filter (where ${t.lastAttemptAt} >= ${window.recentSince}
        and ${t.failingSince} is not null and ${t.lastErrorCode} not in (${setup})) as "serviceFailures"
    from ${t}
    where ${t.lastAttemptAt} >= ${window.connectedSince} and ${t.lastAttemptAt} <= ${window.now}
  `,
  );
  return {
    connected: Number(row?.connected ?? 0),
    recent: Number(row?.recent ?? 0),
    clinicSetupFailures: Number(row?.clinicSetupFailures ?? 0),
    serviceFailures: Number(row?.serviceFailures ?? 0),
  };
}

/** The outbox across clinics on the real clock (a sandbox clock's instants mean nothing here). */
export type MessageDeliveryCounts = {
  /** Messages handed to a provider since `handedSince` (`sent_at` is written just before the call). */
  handed: number;
  /** Of those, the ones that failed (refused by the provider, or the outcome unknown). */
  failed: number;
  /** Messages still queued though due between `overdueSince` and `overdueBefore`: the sender lags. */
  overdue: number;
};

export async function countMessageDeliveries(
  db: Database,
  window: { now: Date; handedSince: Date; overdueSince: Date; overdueBefore: Date },
): Promise<MessageDeliveryCounts> {
  const t = patientCommunications;
  const realClock = sql`${t.clinicId} not in (select ${clinics.id} from ${clinics} where ${clinics.sandboxClock})`;
  const [handed] = await executeRows<{ handed: number | string; failed: number | string }>(
    db,
    sql`
    select count(*) as "handed", count(*) filter (where ${t.deliveryStatus} = 'failed') as "failed"
    from ${t}
    where ${t.sentAt} is not null and ${t.sentAt} >= ${window.handedSince} and ${t.sentAt} <= ${window.now}
      and ${realClock}
  `,
  );
  const [overdue] = await executeRows<{ overdue: number | string }>(
    db,
    sql`
    select count(*) as "overdue"
    from ${t}
    where ${t.deliveryStatus} = 'queued'
      and ${t.scheduledAt} >= ${window.overdueSince} and ${t.scheduledAt} < ${window.overdueBefore}
      and ${realClock}
  `,
  );
  return {
    handed: Number(handed?.handed ?? 0),
    failed: Number(handed?.failed ?? 0),
    overdue: Number(overdue?.overdue ?? 0),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** One sample of every service's state, counted into its UTC day. */
export async function recordStatusSample(
  db: Database,
  day: string,
  services: readonly { id: StatusServiceId; status: ServiceStatus }[],
  at: Date,
): Promise<void> {
  const t = systemStatusDays;
  await db
    .insert(t)
    .values(
      services.map((service) => ({
        day,
        service: service.id,
        samples: 1,
        operational: service.status === 'operational' ? 1 : 0,
        partialOutage: service.status === 'partial-outage' ? 1 : 0,
        majorOutage: service.status === 'major-outage' ? 1 : 0,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [t.day, t.service],
      set: {
        samples: sql`${t.samples} + excluded.samples`,
        operational: sql`${t.operational} + excluded.operational`,
        partialOutage: sql`${t.partialOutage} + excluded.partial_outage`,
        majorOutage: sql`${t.majorOutage} + excluded.major_outage`,
        updatedAt: at,
      },
    });
}

export type StatusDayRow = {
  day: string;
  service: string;
  samples: number;
  operational: number;
  partialOutage: number;
  majorOutage: number;
};

/** The days from `fromDay` on (inclusive), every service. */
export async function readStatusDays(db: Database, fromDay: string): Promise<StatusDayRow[]> {
  const t = systemStatusDays;
  return db
    .select({
      day: t.day,
      service: t.service,
      samples: t.samples,
      operational: t.operational,
      partialOutage: t.partialOutage,
      majorOutage: t.majorOutage,
    })
    .from(t)
    .where(gte(t.day, fromDay));
}

/** Forgets the days before `beforeDay`. */
export async function deleteStatusDaysBefore(db: Database, beforeDay: string): Promise<number> {
  const removed = await db
    .delete(systemStatusDays)
    .where(sql`${systemStatusDays.day} < ${beforeDay}`)
    .returning({ day: systemStatusDays.day });
  return removed.length;
}
