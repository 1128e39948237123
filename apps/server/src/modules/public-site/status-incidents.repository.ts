import type { StatusNote, StatusServiceId } from '@careloop/contracts/public-site';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { statusIncidents } from '../../db/schema';
import { newId } from '../../lib/ids';

export type IncidentStatus = 'partial-outage' | 'major-outage';

export type IncidentRow = {
  id: string;
  service: StatusServiceId;
  worstStatus: IncidentStatus;
  note: StatusNote | null;
  startedAt: Date;
  resolvedAt: Date | null;
};

const columns = {
  id: statusIncidents.id,
  service: statusIncidents.service,
  worstStatus: statusIncidents.worstStatus,
  note: statusIncidents.note,
  startedAt: statusIncidents.startedAt,
  resolvedAt: statusIncidents.resolvedAt,
};

export async function readOpenIncidents(db: Database): Promise<IncidentRow[]> {
  const rows = await db.select(columns).from(statusIncidents).where(isNull(statusIncidents.resolvedAt));
  return rows as IncidentRow[];
}

/** Opens an incident unless the service has one open already (another process saw it first). */
export async function insertIncident(
  db: Database,
  incident: Omit<IncidentRow, 'id' | 'resolvedAt'>,
): Promise<IncidentRow | null> {
  const [row] = await db
    .insert(statusIncidents)
    .values({ id: newId('inc'), ...incident })
    .onConflictDoNothing()
    .returning(columns);
  return (row as IncidentRow | undefined) ?? null;
}

export async function raiseIncident(
  db: Database,
  id: string,
  worstStatus: IncidentStatus,
  note: StatusNote | null,
) {
  await db.update(statusIncidents).set({ worstStatus, note }).where(eq(statusIncidents.id, id));
}

/** Resolves the incident if it is still open; the row when this call resolved it. */
export async function resolveIncident(db: Database, id: string, at: Date): Promise<IncidentRow | null> {
  const [row] = await db
    .update(statusIncidents)
    .set({ resolvedAt: at })
    .where(and(eq(statusIncidents.id, id), isNull(statusIncidents.resolvedAt)))
    .returning(columns);
  return (row as IncidentRow | undefined) ?? null;
}

/** Open incidents and those resolved since `since`, newest first. */
export async function readRecentIncidents(db: Database, since: Date, limit: number): Promise<IncidentRow[]> {
  const rows = await db
    .select(columns)
    .from(statusIncidents)
    .where(or(isNull(statusIncidents.resolvedAt), gte(statusIncidents.resolvedAt, since)))
    .orderBy(desc(statusIncidents.startedAt))
    .limit(limit);
  return rows as IncidentRow[];
}
