import type { MessageChannel } from './cost-calculator';
import { calculatorPlans, calculatorUnlimited, resolvePlanTier } from './plans';

// What happens at 100 % of the plan's message allowance (ADR 011): sending goes on, and each message
// past the allowance of its channel is billed at the overage rate of spec 2 §9 (the cost
// calculator's rates and volume discount). Follow-ups are patient care: a clinic's patients are not
// left without their day-3 message because a counter ran out; the clinic sees the overage on its
// usage page and is offered the upgrade from 90 %.

export const overagePolicy = 'billed' as const;

/**
 * Whether a message sent now on `channel` is past the plan's allowance for that channel, given how
 * many the clinic already sent on it this calendar month (unlimited plans: never).
 */
export function isOverageMessage(input: {
  tier: string | null | undefined;
  channel: MessageChannel;
  sentThisMonthOnChannel: number;
}): boolean {
  const plan = calculatorPlans[resolvePlanTier(input.tier)];
  const included = input.channel === 'sms' ? plan.includedSms : plan.includedWhatsApp;
  if (included >= calculatorUnlimited) return false;
  return input.sentThisMonthOnChannel >= included;
}
