import {
  type AuditLogEntry,
  type AuditLogQuery,
  type AuditLogResponse,
  auditLogExportMax,
  auditLogPageSize,
  auditLogQuerySchema,
} from '@careloop/contracts/compliance';
import { dayFromIsoDate, instantAtLocal } from '@careloop/domain/messaging/clinic-time';
import type { AppDeps } from '../../app-deps';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { type ExportCell, writeCsv } from '../patients/export-file/write-export';
import { type AuditRow, type AuditRowFilter, listAuditRows, listClinicUsers } from './audit-log.repository';
import { requireEnterprise } from './compliance-gate';

type Deps = Pick<AppDeps, 'db'>;

// PostgreSQL reads no ISO text past year 9999 ("+010000-01-01..."): a bound beyond it bounds nothing.
const latestTimestampMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The start of a local day in the clinic's time zone (`to` is taken as the start of the next day). */
function localDayStart(isoDate: string, timeZone: string, plusDays = 0): Date | undefined {
  const day = dayFromIsoDate(isoDate);
  if (day === null) return undefined;
  const at = instantAtLocal(day + plusDays, 0, timeZone);
  return at > latestTimestampMs ? undefined : new Date(at);
}

function rowFilter(ctx: ClinicContext, query: AuditLogQuery, limit: number): AuditRowFilter {
  const q = auditLogQuerySchema.parse(query);
  const timeZone = ctx.clinic.timeZone;
  return {
    clinicId: ctx.clinicId,
    action: q.action,
    userId: q.userId,
    fromAt: q.from ? localDayStart(q.from, timeZone) : undefined,
    beforeAt: q.to ? localDayStart(q.to, timeZone, 1) : undefined,
    cursor: decodeCursor(q.cursor),
    limit,
  };
}

const toEntry = (row: AuditRow): AuditLogEntry => ({
  id: row.id,
  at: row.cursor_ts,
  trail: row.trail,
  action: row.action,
  userId: row.user_id,
  userName: row.user_name,
  userEmail: row.user_email,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  riskLevel: row.risk_level,
  ipAddress: row.ip_address,
  detail: row.detail,
});

export async function listAuditLog(
  deps: Deps,
  ctx: ClinicContext,
  query: AuditLogQuery,
): Promise<AuditLogResponse> {
  requireEnterprise(ctx);
  const filter = rowFilter(ctx, query, auditLogPageSize + 1);
  const [rows, members] = await Promise.all([
    listAuditRows(deps.db, filter),
    listClinicUsers(deps.db, ctx.clinicId),
  ]);
  const page = rows.slice(0, auditLogPageSize);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    nextCursor:
      rows.length > auditLogPageSize && last ? encodeCursor({ t: last.cursor_ts, id: last.id }) : null,
    users: members,
  };
}

const csvHeader = [
  'time_utc',
  'trail',
  'action',
  'user_name',
  'user_email',
  'resource_type',
  'resource_id',
  'risk_level',
  'ip_address',
  'detail',
] as const;

/** The newest `auditLogExportMax` rows matching the filters as formula-safe CSV; the export is audited. */
export async function exportAuditLogCsv(deps: Deps, ctx: ClinicContext, query: AuditLogQuery) {
  requireEnterprise(ctx);
  const filter = rowFilter(ctx, { ...query, cursor: undefined }, auditLogExportMax);
  const rows = await listAuditRows(deps.db, filter);
  const cells: ExportCell[][] = rows.map((row) => [
    { text: row.cursor_ts },
    { text: row.trail },
    { text: row.action },
    { text: row.user_name },
    { text: row.user_email },
    { text: row.resource_type },
    { text: row.resource_id },
    { text: row.risk_level },
    { text: row.ip_address },
    { text: row.detail ? JSON.stringify(row.detail) : null },
  ]);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'audit_log_exported',
    context: {
      count: rows.length,
      filters: {
        action: filter.action ?? null,
        userId: filter.userId ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
      },
    },
  });
  return writeCsv(csvHeader, cells, { delimiter: 'comma', encoding: 'utf-8' });
}
