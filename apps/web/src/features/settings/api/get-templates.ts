import type { TemplateListResponse } from '@careloop/contracts/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const templatesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.templates,
    queryFn: ({ signal }) => apiFetch<TemplateListResponse>('/api/templates', { signal }),
  });

/** The clinic's message templates and the plan's limit (-1: unlimited); every role may read them. */
export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
