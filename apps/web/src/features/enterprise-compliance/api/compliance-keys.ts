import type { AuditLogQuery } from '@careloop/contracts/compliance';

/** Query keys of the Enterprise Compliance page. */
export const complianceKeys = {
  all: ['compliance'] as const,
  summary: () => [...complianceKeys.all, 'summary'] as const,
  auditLog: (filters: AuditLogFilters) => [...complianceKeys.all, 'audit-log', filters] as const,
  retention: () => [...complianceKeys.all, 'retention'] as const,
  baaRequests: () => [...complianceKeys.all, 'baa-requests'] as const,
  patientSearch: (q: string) => [...complianceKeys.all, 'patients', q] as const,
};

export type AuditLogFilters = Omit<AuditLogQuery, 'cursor'>;

/** The filters as a query string (empty values left out). */
export function auditLogSearch(filters: AuditLogFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor })) {
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Where the browser downloads the audit trail matching the filters (GET .../export.csv). */
export const auditLogExportUrl = (filters: AuditLogFilters) =>
  `/api/compliance/audit-log/export.csv${auditLogSearch(filters)}`;

/** Where the browser downloads one patient's data (GET /api/compliance/patients/:id/export). */
export const patientExportUrl = (patientId: string, format: 'json' | 'csv') =>
  `/api/compliance/patients/${encodeURIComponent(patientId)}/export?format=${format}`;
