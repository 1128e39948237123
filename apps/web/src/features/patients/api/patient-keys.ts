import type { PatientStatus } from '@careloop/domain/patient';

export type PatientListFilter = { q: string; status: PatientStatus | null };

/** Query keys of the patients feature; invalidating `all` refreshes every list and page. */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (filter: PatientListFilter) => [...patientKeys.lists(), filter] as const,
  details: () => [...patientKeys.all, 'detail'] as const,
  detail: (id: string) => [...patientKeys.details(), id] as const,
  timeline: (id: string) => [...patientKeys.detail(id), 'timeline'] as const,
};

/** Where the browser downloads the clinic's patients as CSV (GET /api/patients/export.csv). */
export const exportPatientsUrl = '/api/patients/export.csv';
