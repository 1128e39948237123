import {
  type ServiceStatus,
  type StatusDay,
  type StatusIncident,
  type StatusNote,
  type StatusService,
  type StatusServiceId,
  type SystemStatus,
  statusHistoryDays,
  statusServiceIds,
} from '@careloop/contracts/public-site';
import type { Database } from '../../db/client';
import { isAnyWorkerAlive } from '../health/worker-heartbeat.service';
import { type IncidentChanges, recentIncidents, reconcileIncidents } from './status-incidents.service';
import {
  countMessageDeliveries,
  countReviewSyncs,
  deleteStatusDaysBefore,
  type MessageDeliveryCounts,
  pingDatabase,
  type ReviewSyncCounts,
  readStatusDays,
  recordStatusSample,
  type StatusDayRow,
} from './system-status.repository';

export type StatusProbes = {
  pingDatabase: () => Promise<void>;
  isJobRunnerHealthy: () => Promise<boolean>;
  reviewSyncs: () => Promise<ReviewSyncCounts>;
  messageDeliveries: () => Promise<MessageDeliveryCounts>;
};

export type ServiceState = { id: StatusServiceId; status: ServiceStatus; note: StatusNote | null };
type Measured = Omit<ServiceState, 'id'>;

const severity: Record<Exclude<ServiceStatus, 'unknown'>, number> = {
  operational: 0,
  'partial-outage': 1,
  'major-outage': 2,
};

/**
 * The overall state is the worst state among the services we can measure. Services we cannot
 * measure (unknown) do not pull it either way; when nothing can be measured it is unknown.
 */
export function overallStatus(statuses: readonly ServiceStatus[]): ServiceStatus {
  const known = statuses.filter((s): s is Exclude<ServiceStatus, 'unknown'> => s !== 'unknown');
  if (known.length === 0) return 'unknown';
  return known.reduce((worst, s) => (severity[s] > severity[worst] ? s : worst), 'operational');
}

const hourMs = 3_600_000;

/** The windows the measures look at, from `now`. */
export function statusWindows(now: Date) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    // The hourly sync runs every source once an hour: three hours without one is a stall.
    reviews: { now, recentSince: before(3 * hourMs), connectedSince: before(7 * 24 * hourMs) },
    // The sender runs every minute: a message due 15 minutes ago and still queued waits on it.
    messages: {
      now,
      handedSince: before(hourMs),
      overdueSince: before(24 * hourMs),
      overdueBefore: before(15 * 60_000),
    },
  };
}

/**
 * Review monitoring across clinics (review_source_syncs). A clinic's own setup failures (a revoked
 * key, an unknown page) are its dashboard's business, not an outage. Half or more of at least three
 * syncs failing on the provider's side or ours is a major outage, fewer a partial one; sources
 * connected but not synced for three hours mean the sync has stalled.
 */
export function reviewIngestionState(counts: ReviewSyncCounts): Measured {
  if (counts.connected === 0) return { status: 'operational', note: null };
  if (counts.recent === 0) return { status: 'partial-outage', note: 'syncs_stalled' };
  const considered = counts.recent - counts.clinicSetupFailures;
  if (counts.serviceFailures === 0 || considered <= 0) return { status: 'operational', note: null };
  const isMajor = considered >= 3 && counts.serviceFailures * 2 >= considered;
  return { status: isMajor ? 'major-outage' : 'partial-outage', note: 'syncs_failing' };
}

/**
 * Message delivery across clinics (the outbox, real clock): every message handed to a provider in
 * the last hour failing (three or more) is a major outage; a fifth or more failing (two or more) a
 * partial one; messages left queued past their time a partial one (delivery delayed).
 */
export function messagingState(counts: MessageDeliveryCounts): Measured {
  if (counts.handed >= 3 && counts.failed === counts.handed)
    return { status: 'major-outage', note: 'deliveries_failing' };
  if (counts.failed >= 2 && counts.failed * 5 >= counts.handed)
    return { status: 'partial-outage', note: 'deliveries_failing' };
  if (counts.overdue > 0) return { status: 'partial-outage', note: 'deliveries_delayed' };
  return { status: 'operational', note: null };
}

const unmeasured: Measured = { status: 'unknown', note: null };

/** Every service's state now. A measure that cannot be taken (its query failed) is unknown. */
export async function measureServices(probes: StatusProbes): Promise<ServiceState[]> {
  const isDatabaseUp = await probes
    .pingDatabase()
    .then(() => true)
    .catch(() => false);
  const jobs: Measured = await probes
    .isJobRunnerHealthy()
    .then(
      (ok): Measured =>
        ok ? { status: 'operational', note: null } : { status: 'partial-outage', note: 'jobs_stopped' },
    )
    .catch((): Measured => ({ status: 'partial-outage', note: 'jobs_stopped' }));
  const [reviews, messaging] = isDatabaseUp
    ? await Promise.all([
        probes.reviewSyncs().then(reviewIngestionState, () => unmeasured),
        probes.messageDeliveries().then(messagingState, () => unmeasured),
      ])
    : [unmeasured, unmeasured];
  return [
    // Answering this request is the API being up; without its database it can serve nothing.
    {
      id: 'api',
      status: isDatabaseUp ? 'operational' : 'partial-outage',
      note: isDatabaseUp ? null : 'database_unreachable',
    },
    {
      id: 'database',
      status: isDatabaseUp ? 'operational' : 'major-outage',
      note: isDatabaseUp ? null : 'database_unreachable',
    },
    { id: 'job_runner', ...jobs },
    { id: 'review_ingestion', ...reviews },
    { id: 'messaging', ...messaging },
  ];
}

/** The UTC day of an instant, as the history keeps it ('2026-11-26'). */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

const dayMs = 24 * hourMs;
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/** One day of one service from its counts: the worst state sampled, and the operational share. */
function statusDayOf(date: string, row: StatusDayRow | undefined): StatusDay {
  if (!row || row.samples === 0) return { date, status: 'unknown', uptimePercent: null };
  const status: ServiceStatus =
    row.majorOutage > 0 ? 'major-outage' : row.partialOutage > 0 ? 'partial-outage' : 'operational';
  return { date, status, uptimePercent: percent(row.operational, row.samples) };
}

/** The last `days` UTC days up to `today` (oldest first) of every service, and its uptime over them. */
export function statusHistory(
  rows: readonly StatusDayRow[],
  today: Date,
  days = statusHistoryDays,
): Map<StatusServiceId, Pick<StatusService, 'history' | 'uptimePercent'>> {
  const dates = Array.from({ length: days }, (_, i) =>
    utcDay(new Date(today.getTime() - (days - 1 - i) * dayMs)),
  );
  const inWindow = new Set(dates);
  const byKey = new Map(
    rows.filter((row) => inWindow.has(row.day)).map((row) => [`${row.service}/${row.day}`, row]),
  );
  return new Map(
    statusServiceIds.map((id) => {
      const own = dates.map((date) => byKey.get(`${id}/${date}`));
      const samples = own.reduce((sum, row) => sum + (row?.samples ?? 0), 0);
      const operational = own.reduce((sum, row) => sum + (row?.operational ?? 0), 0);
      return [
        id,
        {
          history: dates.map((date, i) => statusDayOf(date, own[i])),
          uptimePercent: samples === 0 ? null : percent(operational, samples),
        },
      ];
    }),
  );
}

/** The first day of the history that ends `today`. */
export const historyStart = (today: Date, days = statusHistoryDays) =>
  utcDay(new Date(today.getTime() - (days - 1) * dayMs));

type PageProbes = StatusProbes & {
  history: (fromDay: string) => Promise<readonly StatusDayRow[]>;
  /** Applies this measurement to the incidents and reads those the page lists. */
  incidents: (services: readonly ServiceState[]) => Promise<StatusIncident[]>;
};

/**
 * What the status page shows: every service now, with its daily history and the incidents. The page
 * applies its own measurement to the incidents too: when the job runner is down, no job will.
 */
export async function checkSystemStatus(probes: PageProbes, now = new Date()): Promise<SystemStatus> {
  const [services, rows] = await Promise.all([
    measureServices(probes),
    // Without its history the page still shows the present.
    probes.history(historyStart(now)).catch((): readonly StatusDayRow[] => []),
  ]);
  // Without its incidents too (the database may be what is down).
  const incidents = await probes.incidents(services).catch((): StatusIncident[] => []);
  const history = statusHistory(rows, now);
  return {
    status: overallStatus(services.map((s) => s.status)),
    checkedAt: now.toISOString(),
    services: services.map((service) => ({
      ...service,
      ...(history.get(service.id) ?? { history: [], uptimePercent: null }),
    })),
    incidents,
  };
}

/**
 * The measures read from the database at `now`. The job runner is up when some process that works
 * jobs has beaten its heartbeat lately: a web-only process has no runner of its own to ask.
 */
export function databaseProbes(
  db: Database,
  now: Date,
  onIncidents: (changes: IncidentChanges) => Promise<void> = async () => undefined,
): PageProbes {
  const windows = statusWindows(now);
  return {
    pingDatabase: () => pingDatabase(db),
    isJobRunnerHealthy: () => isAnyWorkerAlive(db, now),
    reviewSyncs: () => countReviewSyncs(db, windows.reviews),
    messageDeliveries: () => countMessageDeliveries(db, windows.messages),
    history: (fromDay) => readStatusDays(db, fromDay),
    incidents: async (services) => {
      await onIncidents(await reconcileIncidents(db, services, now));
      return recentIncidents(db, now);
    },
  };
}

/**
 * One sample of every service into today's history (the `record-system-status` job, every five
 * minutes), incidents opened and resolved from it, and the days past the history forgotten. A process that cannot reach its database records nothing: such a day shows fewer samples.
 */
export async function recordSystemStatusSample(
  db: Database,
  now = new Date(),
): Promise<{ services: ServiceState[]; removed: number; incidents: IncidentChanges }> {
  const services = await measureServices(databaseProbes(db, now));
  await recordStatusSample(db, utcDay(now), services, now);
  const incidents = await reconcileIncidents(db, services, now);
  const removed = await deleteStatusDaysBefore(db, historyStart(now));
  return { services, removed, incidents };
}

/** Keeps one answer for `ttlMs`, and shares one check between concurrent callers. */
export function cacheFor<T>(ttlMs: number, load: () => Promise<T>, clock = () => Date.now()) {
  let cached: { value: Promise<T>; at: number } | null = null;
  return () => {
    const now = clock();
    if (!cached || now - cached.at >= ttlMs) {
      const value = load();
      cached = { value, at: now };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
}
