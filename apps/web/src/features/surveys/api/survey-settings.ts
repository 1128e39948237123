import type { SaveSurveySettingsResponse, SurveySettingsResponse } from '@careloop/contracts/surveys';
import type { SurveySettingsInput } from '@careloop/domain/surveys/survey-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const surveySettingsKey = ['surveys', 'settings'] as const;

/** The clinic's survey settings (owners and admins; Starter gets 403 PLAN_REQUIRED). */
export function useSurveySettings() {
  return useQuery(
    queryOptions({
      queryKey: surveySettingsKey,
      queryFn: ({ signal }) => apiFetch<SurveySettingsResponse>('/api/surveys/settings', { signal }),
      retry: false,
    }),
  );
}

export function useSaveSurveySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveySettingsInput) =>
      apiFetch<SaveSurveySettingsResponse>('/api/surveys/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(surveySettingsKey, saved.settings),
  });
}
