import type { CaseStatusFilter } from '@careloop/contracts/cases';

/** Query keys of the cases feature; everything under `cases` is refetched after a case changes. */
export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (status: CaseStatusFilter) => [...caseKeys.lists(), status] as const,
  summary: () => [...caseKeys.all, 'summary'] as const,
  detail: (id: string) => [...caseKeys.all, 'detail', id] as const,
  members: () => ['clinic-members'] as const,
  patientSearch: (q: string) => ['cases', 'patient-search', q] as const,
};

/** The dashboard's counts move with every case change (its own feature owns the key). */
export const dashboardKey = ['dashboard'] as const;
