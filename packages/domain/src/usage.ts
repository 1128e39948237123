import {
  type CostEstimate,
  estimateVolumeCost,
  type Region,
  recommendPlan,
  shouldShowUpgradePrompt,
  upgradePromptThresholdPercent,
  usagePercent,
} from './cost-calculator';
import { instantAtLocal, localDayOf } from './messaging/clinic-time';
import {
  calculatorPlans,
  calculatorUnlimited,
  type PlanPrice,
  type PlanTier,
  resolvePlanTier,
  starterSmsBundle,
  upgradeDialogPrice,
} from './plans';

// Usage metering (spec 2 §2 upgrade dialog, §9 usage and prompts). Readings:
// - The month is the calendar month in the clinic's time zone.
// - Messages are those the outbox sent in the month (sent, delivered or read), by the channel
//   that carried them; patients are the clinic's patients on record (the plan's patient limit is
//   a count of patients, not of patients messaged).
// - The month-end projection extrapolates each channel by the days of the month begun so far
//   (today counts as begun), rounded up; its cost is the cost calculator's own arithmetic
//   (`estimateVolumeCost`) on the clinic's plan and region.
// - The recommended plan is the smallest plan above the current one that covers the projection.

export type UsageCounts = {
  readonly whatsappMessages: number;
  readonly smsMessages: number;
  readonly patients: number;
};

export type UsageMonth = {
  /** YYYY-MM in the clinic's time zone. */
  readonly month: string;
  readonly startsAt: Date;
  /** The first instant of the next month (exclusive). */
  readonly endsAt: Date;
  readonly daysInMonth: number;
  /** Days of the month begun at `now`, today included (1..daysInMonth). */
  readonly daysBegun: number;
};

const dayMs = 86_400_000;

/** The clinic's calendar month around `now`, with its instant bounds. */
export function usageMonthOf(now: Date, timeZone: string): UsageMonth {
  const today = localDayOf(now, timeZone);
  const date = new Date(today * dayMs);
  const year = date.getUTCFullYear();
  const monthIndex = date.getUTCMonth();
  const firstDay = Date.UTC(year, monthIndex, 1) / dayMs;
  const nextFirstDay = Date.UTC(year, monthIndex + 1, 1) / dayMs;
  return {
    month: `${year}-${String(monthIndex + 1).padStart(2, '0')}`,
    startsAt: new Date(instantAtLocal(firstDay, 0, timeZone)),
    endsAt: new Date(instantAtLocal(nextFirstDay, 0, timeZone)),
    daysInMonth: nextFirstDay - firstDay,
    daysBegun: today - firstDay + 1,
  };
}

const euCountries = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** The overage region of a clinic's country (ISO alpha-2); no country reads as US/Canada. */
export function regionOfCountry(country: string | null | undefined): Region {
  if (!country || country === 'US' || country === 'CA') return 'us_canada';
  return euCountries.has(country) ? 'eu' : 'rest_of_world';
}

/** One allowance against its use; `limit` null means unlimited (enterprise). */
export type UsageLine = { readonly used: number; readonly limit: number | null };

export type UsageSummary = {
  readonly plan: PlanTier;
  readonly month: string;
  readonly whatsapp: UsageLine;
  readonly sms: UsageLine;
  readonly patients: UsageLine;
  /** Messages over the pooled allowance, in percent (null: unlimited). */
  readonly usagePercent: number | null;
  readonly patientLimitExceeded: boolean;
  readonly showUpgradePrompt: boolean;
  /**
   * The threshold behind the prompt, offered once per user: dismissing it keeps the dialog closed
   * until the next one is crossed (null: no prompt).
   */
  readonly upgradePromptThreshold: string | null;
  readonly projection: CostEstimate;
  readonly recommendedPlan: PlanTier;
  /** null: custom pricing (enterprise). */
  readonly recommendedPrice: PlanPrice | null;
  /** Starter's SMS add-on, offered beside the upgrade; null for other plans. */
  readonly smsAddOn: { readonly priceCents: number; readonly sms: number } | null;
};

const limitOf = (value: number) => (value >= calculatorUnlimited ? null : value);

/** Extrapolates a month-to-date count to the whole month, rounded up. */
export function projectToMonthEnd(
  count: number,
  month: Pick<UsageMonth, 'daysBegun' | 'daysInMonth'>,
): number {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError('count must be a non-negative whole number');
  return Math.ceil((count * month.daysInMonth) / month.daysBegun);
}

/**
 * Names the highest threshold crossed: the patient limit on this plan, else 100 % then 90 % of this
 * month's messages. A new month, plan or higher threshold is a new name, so the dialog comes back
 * once for it.
 */
export function upgradePromptThreshold(input: {
  plan: PlanTier;
  month: string;
  percent: number | null;
  patientLimitExceeded: boolean;
}): string {
  if (input.patientLimitExceeded) return `patients:${input.plan}`;
  const level = input.percent !== null && input.percent >= 100 ? 100 : upgradePromptThresholdPercent;
  return `messages-${level}:${input.plan}:${input.month}`;
}

export function summarizeUsage(input: {
  counts: UsageCounts;
  tier: string | null | undefined;
  country: string | null | undefined;
  month: UsageMonth;
}): UsageSummary {
  const { counts, month } = input;
  const plan = resolvePlanTier(input.tier);
  const allowance = calculatorPlans[plan];
  const unlimitedPlan = allowance.includedWhatsApp >= calculatorUnlimited;
  const percent = unlimitedPlan
    ? null
    : usagePercent(
        counts.whatsappMessages + counts.smsMessages,
        allowance.includedWhatsApp + allowance.includedSms,
      );
  const projected = {
    whatsapp: projectToMonthEnd(counts.whatsappMessages, month),
    sms: projectToMonthEnd(counts.smsMessages, month),
    patients: counts.patients,
  };
  const recommendedPlan = recommendPlan(
    { patients: projected.patients, whatsappMessages: projected.whatsapp, smsMessages: projected.sms },
    plan,
  );
  const patientLimitExceeded = counts.patients > allowance.patientLimit;
  // An over-limit patient count opens the dialog too: its warning lives there (spec 2 §2).
  const showUpgradePrompt =
    (percent !== null && shouldShowUpgradePrompt(percent, plan)) ||
    (patientLimitExceeded && plan !== 'enterprise');
  return {
    plan,
    month: month.month,
    whatsapp: { used: counts.whatsappMessages, limit: limitOf(allowance.includedWhatsApp) },
    sms: { used: counts.smsMessages, limit: limitOf(allowance.includedSms) },
    patients: { used: counts.patients, limit: limitOf(allowance.patientLimit) },
    usagePercent: percent,
    patientLimitExceeded,
    showUpgradePrompt,
    upgradePromptThreshold: showUpgradePrompt
      ? upgradePromptThreshold({ plan, month: month.month, percent, patientLimitExceeded })
      : null,
    projection: estimateVolumeCost(projected, plan, regionOfCountry(input.country)),
    recommendedPlan,
    recommendedPrice: upgradeDialogPrice(recommendedPlan),
    smsAddOn:
      plan === 'starter' ? { priceCents: starterSmsBundle.priceCents, sms: starterSmsBundle.sms } : null,
  };
}
