import type { BillingRedirect, BillingStatus, StartCheckoutBody } from '@careloop/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Whether the clinic has a Stripe billing account (owners only). */
export function useBillingStatus(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: billingKeys.billing,
      queryFn: ({ signal }) => apiFetch<BillingStatus>('/api/billing', { signal }),
    }),
    enabled,
  });
}

/** Stripe Checkout for an upgrade: the browser goes to the answer's URL. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: StartCheckoutBody) =>
      apiFetch<BillingRedirect>('/api/billing/checkout', { method: 'POST', body }),
  });
}

/** Stripe's customer portal: invoices and cancellation. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiFetch<BillingRedirect>('/api/billing/portal', { method: 'POST', body: {} }),
  });
}

/** "Resume" a plan cancelled for the end of its period, before that end. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<BillingStatus>('/api/billing/resume', { method: 'POST', body: {} }),
    onSuccess: (status) => queryClient.setQueryData(billingKeys.billing, status),
  });
}
