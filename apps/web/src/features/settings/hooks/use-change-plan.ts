import type { PlanTier } from '@careloop/domain/plans';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/routes';

/**
 * What "Upgrade to {plan}" does: enterprise opens the sales contact dialog; another plan goes to
 * the Plan & usage tab of Settings.
 */
export function useChangePlan() {
  const navigate = useNavigate();
  const [isContactOpen, setIsContactOpen] = useState(false);
  const changePlan = (plan: PlanTier) => {
    if (plan === 'enterprise') setIsContactOpen(true);
    else void navigate(`${paths.settings}?tab=plan`);
  };
  return { changePlan, isPending: false, isContactOpen, closeContact: () => setIsContactOpen(false) };
}
