import { calculatorPlans, type PlanTier, planTiers, resolvePlanTier } from './plans';

// Readings taken where spec 2 (§2 Cost calculator, §9) is ambiguous:
// - Allowances are per channel (starter: 200 WhatsApp, 0 SMS), not pooled: the spec gives
//   per-channel allowances and per-channel rates, and the upgrade dialog shows each channel
//   against its own limit. Usage percent alone uses the pooled allowance, as the spec defines it.
// - The volume discount step is chosen by the total projected messages (patients x messages
//   per patient), not by the overage count: "by total messages".
// - The WhatsApp share is rounded half up to whole messages; SMS is the remainder, so the two
//   always add up to the total.
// - "Savings hint if projected overage is over 100" counts overage messages; "warning when
//   overage is over $50" compares the discounted overage cost in cents.
// - "A starter plan with overage over 230" suggests professional. Read literally (starter's total
//   minus professional's flat $457) it promised savings that professional's own overage at the same
//   volume wiped out: 5,000 patients x 12 messages, 30 % WhatsApp, rest of world, "would save
//   $1,151.25" while professional costs $1,820.38 against starter's $1,608.25. So a plan is suggested
//   only when its own computed total at the same volume is lower, and the saving is that difference;
//   the plan must also hold the patients (the calculator must not suggest what the plan refuses).
// Money: rates are held in mills (tenths of a cent, $0.001), so every rate is a whole number.
// The discount is applied to the exact mill total and the result rounded once, half up, to the
// cent; nothing is rounded before that.

export const regions = ['us_canada', 'eu', 'rest_of_world'] as const;
export type Region = (typeof regions)[number];

export const regionLabels = {
  us_canada: 'US/Canada',
  eu: 'EU',
  rest_of_world: 'Rest of world',
} as const satisfies Record<Region, string>;

export const messageChannels = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** Overage price per message in mills ($0.001): US/Canada 0.008/0.008, EU 0.010/0.012, rest 0.025/0.040. */
export const overageRatesMills = {
  us_canada: { whatsapp: 8, sms: 8 },
  eu: { whatsapp: 10, sms: 12 },
  rest_of_world: { whatsapp: 25, sms: 40 },
} as const satisfies Record<Region, Record<MessageChannel, number>>;

/** Highest threshold first. */
export const volumeDiscountSteps = [
  { minTotalMessages: 50_000, percent: 35 },
  { minTotalMessages: 25_000, percent: 25 },
  { minTotalMessages: 10_000, percent: 15 },
] as const;

export function volumeDiscountPercent(totalMessages: number): number {
  return volumeDiscountSteps.find((step) => totalMessages >= step.minTotalMessages)?.percent ?? 0;
}

export const costCalculatorLimits = {
  patients: { min: 1, max: 10_000 },
  messagesPerPatient: { min: 1, max: 20 },
  whatsappSharePercent: { min: 0, max: 100 },
} as const;

export type CostCalculatorValues = {
  readonly patients: number;
  readonly messagesPerPatient: number;
  readonly whatsappSharePercent: number;
  readonly plan: PlanTier;
  readonly region: Region;
};
/** Any input left out takes its default. */
export type CostCalculatorInput = Partial<CostCalculatorValues>;

export const defaultCostCalculatorInput: CostCalculatorValues = {
  patients: 100,
  messagesPerPatient: 3,
  whatsappSharePercent: 70,
  plan: 'starter',
  region: 'us_canada',
};

function boundedInt(name: keyof typeof costCalculatorLimits, value: number): number {
  const { min, max } = costCalculatorLimits[name];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function oneOf<T extends string>(name: string, options: readonly T[], value: T): T {
  if (!options.includes(value)) throw new RangeError(`${name} must be one of ${options.join(', ')}`);
  return value;
}

/**
 * The calculator's inputs with the defaults filled in; throws a RangeError when one is outside its
 * range. Plain checks rather than a zod schema: the public cost calculator page runs this and
 * should not load zod (cost-calculator.schema.ts holds the schema for a request body).
 */
export function costCalculatorValues(input: CostCalculatorInput = {}): CostCalculatorValues {
  const defaults = defaultCostCalculatorInput;
  return {
    patients: boundedInt('patients', input.patients ?? defaults.patients),
    messagesPerPatient: boundedInt(
      'messagesPerPatient',
      input.messagesPerPatient ?? defaults.messagesPerPatient,
    ),
    whatsappSharePercent: boundedInt(
      'whatsappSharePercent',
      input.whatsappSharePercent ?? defaults.whatsappSharePercent,
    ),
    plan: oneOf('plan', planTiers, input.plan ?? defaults.plan),
    region: oneOf('region', regions, input.region ?? defaults.region),
  };
}

export const savingsHintMinOverageMessages = 100;
export const overageWarningCents = 5_000;

/** Another plan that costs less for the same month, and by how much. */
export type CheaperPlan = {
  readonly plan: PlanTier;
  readonly totalCostCents: number;
  readonly savingsCents: number;
};

export type CostEstimate = {
  readonly plan: PlanTier;
  readonly region: Region;
  readonly totalMessages: number;
  readonly projectedWhatsApp: number;
  readonly projectedSms: number;
  readonly includedWhatsApp: number;
  readonly includedSms: number;
  readonly includedAllowance: number;
  readonly whatsappOverage: number;
  readonly smsOverage: number;
  readonly overageMessages: number;
  readonly overageCostBeforeDiscountCents: number;
  readonly volumeDiscountPercent: number;
  readonly volumeDiscountCents: number;
  readonly overageCostCents: number;
  readonly planPriceCents: number;
  readonly totalCostCents: number;
  readonly usagePercent: number;
  readonly exceedsPatientLimit: boolean;
  readonly hints: {
    /** Projected overage is over 100 messages. */
    readonly showSavingsHint: boolean;
    /** Overage cost is over $50. */
    readonly showOverageWarning: boolean;
    /** The plan that holds these patients for the least, when it costs less than this one. */
    readonly cheaperPlan: CheaperPlan | null;
  };
};

/** numerator / denominator rounded half up; both non-negative integers. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Total messages as a percentage of the plan's pooled allowance (WhatsApp + SMS). */
export function usagePercent(totalMessages: number, includedAllowance: number): number {
  if (includedAllowance <= 0) throw new RangeError('Included allowance must be positive');
  return (totalMessages * 100) / includedAllowance;
}

/** A month's messages per channel and patients: projected (the calculator) or measured (usage). */
export type MessageVolume = {
  readonly whatsapp: number;
  readonly sms: number;
  readonly patients: number;
};

/**
 * What a month's volume costs on a plan in a region: the calculator's arithmetic, shared by the
 * cost calculator page and the usage projection (settings and the upgrade dialog).
 */
export function estimateVolumeCost(volume: MessageVolume, plan: PlanTier, region: Region): CostEstimate {
  const estimate = planCost(volume, plan, region);
  return {
    ...estimate,
    hints: { ...estimate.hints, cheaperPlan: cheaperPlan(volume, plan, region, estimate) },
  };
}

type PlanCost = Omit<CostEstimate, 'hints'> & { hints: Omit<CostEstimate['hints'], 'cheaperPlan'> };

function planCost(volume: MessageVolume, plan: PlanTier, region: Region): PlanCost {
  const planData = calculatorPlans[plan];
  const rates = overageRatesMills[region];
  const projectedWhatsApp = volume.whatsapp;
  const projectedSms = volume.sms;
  const totalMessages = projectedWhatsApp + projectedSms;

  const whatsappOverage = Math.max(0, projectedWhatsApp - planData.includedWhatsApp);
  const smsOverage = Math.max(0, projectedSms - planData.includedSms);
  const overageMessages = whatsappOverage + smsOverage;

  const discount = volumeDiscountPercent(totalMessages);
  const overageMills = whatsappOverage * rates.whatsapp + smsOverage * rates.sms;
  const overageCostBeforeDiscountCents = divideRoundHalfUp(overageMills, 10);
  const overageCostCents = divideRoundHalfUp(overageMills * (100 - discount), 10 * 100);
  const totalCostCents = planData.price.totalCents + overageCostCents;
  const includedAllowance = planData.includedWhatsApp + planData.includedSms;

  return {
    plan,
    region,
    totalMessages,
    projectedWhatsApp,
    projectedSms,
    includedWhatsApp: planData.includedWhatsApp,
    includedSms: planData.includedSms,
    includedAllowance,
    whatsappOverage,
    smsOverage,
    overageMessages,
    overageCostBeforeDiscountCents,
    volumeDiscountPercent: discount,
    volumeDiscountCents: overageCostBeforeDiscountCents - overageCostCents,
    overageCostCents,
    planPriceCents: planData.price.totalCents,
    totalCostCents,
    usagePercent: usagePercent(totalMessages, includedAllowance),
    exceedsPatientLimit: volume.patients > planData.patientLimit,
    hints: {
      showSavingsHint: overageMessages > savingsHintMinOverageMessages,
      showOverageWarning: overageCostCents > overageWarningCents,
    },
  };
}

function cheaperPlan(
  volume: MessageVolume,
  plan: PlanTier,
  region: Region,
  current: PlanCost,
): CheaperPlan | null {
  let best: CheaperPlan | null = null;
  for (const other of planTiers) {
    if (other === plan || volume.patients > calculatorPlans[other].patientLimit) continue;
    const { totalCostCents } = planCost(volume, other, region);
    const savingsCents = current.totalCostCents - totalCostCents;
    if (savingsCents > 0 && (best === null || totalCostCents < best.totalCostCents)) {
      best = { plan: other, totalCostCents, savingsCents };
    }
  }
  return best;
}

/** Throws a RangeError when an input is outside the calculator's ranges. */
export function calculateCost(input: CostCalculatorInput = {}): CostEstimate {
  const { patients, messagesPerPatient, whatsappSharePercent, plan, region } = costCalculatorValues(input);
  const totalMessages = patients * messagesPerPatient;
  const whatsapp = divideRoundHalfUp(totalMessages * whatsappSharePercent, 100);
  return estimateVolumeCost({ whatsapp, sms: totalMessages - whatsapp, patients }, plan, region);
}

export const upgradePromptThresholdPercent = 90;

/** The usage upgrade dialog opens at 90% or more, never for enterprise (no tier reads as starter). */
export function shouldShowUpgradePrompt(usage: number, tier: string | null | undefined): boolean {
  return usage >= upgradePromptThresholdPercent && resolvePlanTier(tier) !== 'enterprise';
}

export type PlanUsage = {
  readonly patients: number;
  readonly whatsappMessages: number;
  readonly smsMessages: number;
};

function fits(tier: PlanTier, usage: PlanUsage): boolean {
  const plan = calculatorPlans[tier];
  return (
    usage.patients <= plan.patientLimit &&
    usage.whatsappMessages <= plan.includedWhatsApp &&
    usage.smsMessages <= plan.includedSms
  );
}

/**
 * The smallest plan whose patient limit and per-channel allowances cover the usage, enterprise
 * when none does. Given the current tier (the upgrade dialog), the answer is always above it,
 * since the dialog is an offer to upgrade; enterprise stays enterprise.
 */
export function recommendPlan(usage: PlanUsage, currentTier?: string | null): PlanTier {
  const floor = currentTier === undefined ? 0 : planTiers.indexOf(resolvePlanTier(currentTier)) + 1;
  const candidates = planTiers.slice(Math.min(floor, planTiers.length - 1));
  return candidates.find((tier) => fits(tier, usage)) ?? 'enterprise';
}
