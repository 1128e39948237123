import type { PlanTier } from '@careloop/domain/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError } from '../../../lib/notifications';
import { useStartCheckout } from '../api/billing';

/** Leaves the app for Stripe's hosted page (Checkout or the portal). */
export function goToStripe(url: string) {
  window.location.assign(url);
}

/**
 * What "Upgrade to {plan}" does: enterprise opens the sales contact dialog; another plan starts
 * Stripe Checkout and sends the browser there (the plan changes when Stripe confirms by webhook).
 */
export function useChangePlan() {
  const { t } = useTranslation('plans');
  const checkout = useStartCheckout();
  const [isContactOpen, setIsContactOpen] = useState(false);
  const changePlan = (plan: PlanTier) => {
    if (plan === 'enterprise') {
      setIsContactOpen(true);
      return;
    }
    checkout.mutate(
      { plan },
      {
        onSuccess: ({ url }) => goToStripe(url),
        onError: (error) =>
          showError({
            title: t('billing.checkoutFailed'),
            message: error instanceof ApiError ? apiErrorMessage(error) : undefined,
          }),
      },
    );
  };
  return {
    changePlan,
    isPending: checkout.isPending || checkout.isSuccess,
    isContactOpen,
    closeContact: () => setIsContactOpen(false),
  };
}
