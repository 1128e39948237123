import type { ServiceStatus, StatusServiceId, SystemStatus } from '@careloop/contracts/public-site';

export type StatusProbes = {
  pingDatabase: () => Promise<void>;
  isJobRunnerHealthy: () => Promise<boolean>;
};

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

/** Measures what runs in this process. Review ingestion and messaging providers do not run yet. */
export async function checkSystemStatus(probes: StatusProbes, now = new Date()): Promise<SystemStatus> {
  const database: ServiceStatus = await probes
    .pingDatabase()
    .then(() => 'operational' as const)
    .catch(() => 'major-outage' as const);
  const jobRunner: ServiceStatus = await probes
    .isJobRunnerHealthy()
    .then((ok) => (ok ? 'operational' : 'partial-outage'))
    .catch(() => 'partial-outage' as const);
  const services: { id: StatusServiceId; status: ServiceStatus }[] = [
    // Answering this request is the API being up; without its database it can serve nothing.
    { id: 'api', status: database === 'operational' ? 'operational' : 'partial-outage' },
    { id: 'database', status: database },
    { id: 'job_runner', status: jobRunner },
    { id: 'review_ingestion', status: 'unknown' },
    { id: 'messaging', status: 'unknown' },
  ];
  return {
    status: overallStatus(services.map((s) => s.status)),
    checkedAt: now.toISOString(),
    services,
    // No incident log exists yet: an empty list is the truth, not a placeholder.
    incidents: [],
  };
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
