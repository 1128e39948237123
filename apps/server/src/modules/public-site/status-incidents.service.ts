import type {
  ServiceStatus,
  StatusIncident,
  StatusNote,
  StatusServiceId,
} from '@careloop/contracts/public-site';
import type { Database } from '../../db/client';
import {
  type IncidentRow,
  type IncidentStatus,
  insertIncident,
  raiseIncident,
  readOpenIncidents,
  readRecentIncidents,
  resolveIncident,
} from './status-incidents.repository';

/** One service as a measurement found it (system-status.service's ServiceState). */
export type MeasuredService = { id: StatusServiceId; status: ServiceStatus; note: StatusNote | null };

export type IncidentAction =
  | { kind: 'open'; service: StatusServiceId; status: IncidentStatus; note: StatusNote | null }
  | { kind: 'raise'; id: string; status: IncidentStatus; note: StatusNote | null }
  | { kind: 'resolve'; id: string };

/**
 * What one measurement does to the incidents: a service out of operational opens one (or raises the
 * open one to a major outage, never lowers it: the incident keeps its worst state); a service
 * operational again resolves its open one. An unknown state (the measure could not be taken) changes
 * nothing either way.
 */
export function incidentActions(
  open: readonly IncidentRow[],
  services: readonly MeasuredService[],
): IncidentAction[] {
  const openByService = new Map(open.map((incident) => [incident.service, incident]));
  return services.flatMap((service): IncidentAction[] => {
    const current = openByService.get(service.id);
    if (service.status === 'unknown') return [];
    if (service.status === 'operational') return current ? [{ kind: 'resolve', id: current.id }] : [];
    if (!current) return [{ kind: 'open', service: service.id, status: service.status, note: service.note }];
    if (service.status === 'major-outage' && current.worstStatus === 'partial-outage')
      return [{ kind: 'raise', id: current.id, status: service.status, note: service.note }];
    return [];
  });
}

export type IncidentChanges = { opened: IncidentRow[]; resolved: IncidentRow[] };

/** Applies one measurement to the incidents; what it opened and resolved (for the subscribers' mail). */
export async function reconcileIncidents(
  db: Database,
  services: readonly MeasuredService[],
  now: Date,
): Promise<IncidentChanges> {
  const changes: IncidentChanges = { opened: [], resolved: [] };
  for (const action of incidentActions(await readOpenIncidents(db), services)) {
    if (action.kind === 'open') {
      const row = await insertIncident(db, {
        service: action.service,
        worstStatus: action.status,
        note: action.note,
        startedAt: now,
      });
      if (row) changes.opened.push(row);
    } else if (action.kind === 'raise') {
      await raiseIncident(db, action.id, action.status, action.note);
    } else {
      const row = await resolveIncident(db, action.id, now);
      if (row) changes.resolved.push(row);
    }
  }
  return changes;
}

/** How long a resolved incident stays on the page. */
const resolvedIncidentsShownDays = 14;
const shownAtMost = 20;

const serviceNames: Record<StatusServiceId, string> = {
  api: 'API',
  database: 'Database',
  job_runner: 'Job runner',
  review_ingestion: 'Review monitoring',
  messaging: 'Messaging',
};
const statusWords: Record<IncidentStatus, string> = {
  'partial-outage': 'partial outage',
  'major-outage': 'major outage',
};

/** An incident as the page and its subscribers read it (the web translates from the fields). */
function toStatusIncident(row: IncidentRow): StatusIncident {
  const name = serviceNames[row.service];
  return {
    id: row.id,
    service: row.service,
    worstStatus: row.worstStatus,
    note: row.note,
    startedAt: row.startedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    title: `${name}: ${statusWords[row.worstStatus]}`,
    status: row.resolvedAt ? 'resolved' : 'investigating',
    description: row.resolvedAt
      ? `${name} was degraded from ${row.startedAt.toISOString()} to ${row.resolvedAt.toISOString()}.`
      : `${name} is degraded since ${row.startedAt.toISOString()}; we are looking into it.`,
    timestamp: (row.resolvedAt ?? row.startedAt).toISOString(),
    severity: 'minor',
  };
}

export async function recentIncidents(db: Database, now: Date): Promise<StatusIncident[]> {
  const since = new Date(now.getTime() - resolvedIncidentsShownDays * 24 * 3_600_000);
  return (await readRecentIncidents(db, since, shownAtMost)).map(toStatusIncident);
}
