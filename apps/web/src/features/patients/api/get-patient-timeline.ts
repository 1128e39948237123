import type { PatientTimelineResponse } from '@careloop/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

const patientTimelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.timeline(id),
    queryFn: ({ signal }) =>
      apiFetch<PatientTimelineResponse>(`/api/patients/${encodeURIComponent(id)}/timeline`, { signal }),
  });

/** GET /api/patients/:id/timeline: reviews, cases and messages, newest first. */
export function usePatientTimeline(id: string) {
  return useQuery(patientTimelineQueryOptions(id));
}
