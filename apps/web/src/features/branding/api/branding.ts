import type { BrandingResponse, SaveBrandingResponse } from '@careloop/contracts/branding';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const brandingKey = ['branding'] as const;

/** The clinic's logo and brand colour (owners and admins; Starter gets 403 PLAN_REQUIRED). */
export function useBranding() {
  return useQuery(
    queryOptions({
      queryKey: brandingKey,
      queryFn: ({ signal }) => apiFetch<BrandingResponse>('/api/settings/branding', { signal }),
      retry: false,
    }),
  );
}

function useBrandingMutation<Input>(save: (input: Input) => Promise<SaveBrandingResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => queryClient.setQueryData(brandingKey, saved.branding),
  });
}

/** Sends the file as its own bytes with its type; the server checks what the bytes really are. */
export const useSaveLogo = () =>
  useBrandingMutation((file: File) =>
    apiFetch<SaveBrandingResponse>('/api/settings/branding/logo', { method: 'PUT', body: file }),
  );

export const useRemoveLogo = () =>
  useBrandingMutation(() =>
    apiFetch<SaveBrandingResponse>('/api/settings/branding/logo', { method: 'DELETE' }),
  );

export const useSaveBrandColor = () =>
  useBrandingMutation((brandColor: string | null) =>
    apiFetch<SaveBrandingResponse>('/api/settings/branding/color', { method: 'PUT', body: { brandColor } }),
  );
