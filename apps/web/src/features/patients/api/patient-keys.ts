import type { PatientListSort, PatientRiskFilter } from '@careloop/contracts/analytics';
import type { PatientExportQuery } from '@careloop/contracts/patients';
import type { PatientStatus } from '@careloop/domain/patient';

export type PatientListFilter = {
  q: string;
  status: PatientStatus | null;
  risk: PatientRiskFilter | null;
  sort: PatientListSort;
};

/** Query keys of the patients feature; invalidating `all` refreshes every list and page. */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (filter: PatientListFilter) => [...patientKeys.lists(), filter] as const,
  details: () => [...patientKeys.all, 'detail'] as const,
  detail: (id: string) => [...patientKeys.details(), id] as const,
  timeline: (id: string) => [...patientKeys.detail(id), 'timeline'] as const,
  aliases: (id: string) => [...patientKeys.detail(id), 'aliases'] as const,
};

/** Where the browser downloads the clinic's patients (GET /api/patients/export.csv), in the layout chosen. */
export function exportPatientsUrl(query: PatientExportQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `/api/patients/export.csv?${search}` : '/api/patients/export.csv';
}
