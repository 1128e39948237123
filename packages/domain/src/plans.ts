import type { DomainMessage } from './domain-message';

export const planTiers = ['starter', 'professional', 'enterprise'] as const;
export type PlanTier = (typeof planTiers)[number];

/** Values a clinic's subscription_tier may hold: the three plans, plus premium (AI replies only). */
export const subscriptionTiers = [...planTiers, 'premium'] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];

export const defaultPlanTier: PlanTier = 'starter';

/** Marks an unlimited count (templates, in the spec's own encoding). */
export const unlimited = -1;

export function isPlanTier(value: unknown): value is PlanTier {
  return planTiers.some((tier) => tier === value);
}

/**
 * The plan whose features a clinic gets. No tier, an unknown tier, and premium all read as
 * starter: the spec recognises premium for the AI reply feature only.
 */
export function resolvePlanTier(tier: string | null | undefined): PlanTier {
  return isPlanTier(tier) ? tier : defaultPlanTier;
}

export type PlanFeatures = {
  readonly hasCollaborativeOnboarding: boolean;
  readonly hasCustomBranding: boolean;
  readonly hasAdvancedAnalytics: boolean;
  readonly hasAutoSurveys: boolean;
  /** Number of message templates allowed, or `unlimited` (-1). */
  readonly templateLimit: number;
  readonly hasMultiLanguage: boolean;
};

const allFeatures: PlanFeatures = {
  hasCollaborativeOnboarding: true,
  hasCustomBranding: true,
  hasAdvancedAnalytics: true,
  hasAutoSurveys: true,
  templateLimit: unlimited,
  hasMultiLanguage: true,
};

export const planFeatures: Readonly<Record<PlanTier, PlanFeatures>> = {
  starter: {
    hasCollaborativeOnboarding: false,
    hasCustomBranding: false,
    hasAdvancedAnalytics: false,
    hasAutoSurveys: false,
    templateLimit: 3,
    hasMultiLanguage: false,
  },
  professional: allFeatures,
  enterprise: allFeatures,
};

export function getPlanFeatures(tier: string | null | undefined): PlanFeatures {
  return planFeatures[resolvePlanTier(tier)];
}

export const aiReviewResponseTiers = [
  'professional',
  'enterprise',
  'premium',
] as const satisfies readonly SubscriptionTier[];

export function canUseAiReviewResponse(tier: string | null | undefined): boolean {
  return aiReviewResponseTiers.some((allowed) => allowed === tier);
}

export function canAddTemplate(tier: string | null | undefined, currentCount: number): boolean {
  const { templateLimit } = getPlanFeatures(tier);
  return templateLimit === unlimited || currentCount < templateLimit;
}

export const planMessages = {
  featureLocked: {
    key: 'plans.errors.featureLocked',
    message: 'This feature requires Professional or Enterprise plan',
  },
} as const satisfies Record<string, DomainMessage>;

export function templateLimitMessage(limit: number): DomainMessage<'plans.errors.templateLimitReached'> {
  return {
    key: 'plans.errors.templateLimitReached',
    message: `Template Limit Reached - Upgrade to Professional to add more than ${limit} templates`,
  };
}

export const planNames = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
} as const satisfies Record<PlanTier, string>;

// One price per plan (ADR 018). The spec's two lists are one price read two ways: the public list
// ($197/$397/$797) is the platform subscription, the calculator's ($227/$457/$917) is what the
// clinic pays, that subscription plus the messaging bundle it includes. Every surface (pricing
// page, calculator, upgrade dialog, Settings > Plan, Stripe checkout, invoice) charges the total
// and itemises it the same way; nothing outside this table holds a plan's price.

export type PlanPrice = {
  /** The platform subscription: software, support, the patient allowance. */
  readonly platformCents: number;
  /** The included messaging bundle: the plan's WhatsApp and SMS allowance, delivery paid. */
  readonly messagingBundleCents: number;
  /** What the clinic pays a month: platform plus messaging bundle. */
  readonly totalCents: number;
};

function planPriceOf(platformCents: number, messagingBundleCents: number): PlanPrice {
  return { platformCents, messagingBundleCents, totalCents: platformCents + messagingBundleCents };
}

export const planPrices: Readonly<Record<PlanTier, PlanPrice>> = {
  starter: planPriceOf(19_700, 3_000),
  professional: planPriceOf(39_700, 6_000),
  enterprise: planPriceOf(79_700, 12_000),
};

/** The product name Stripe shows on checkout and the invoice for a plan sold there. */
export function stripeProductName(tier: PlanTier): string {
  return `CareLoop ${planNames[tier]}`;
}

export const publicPlanFeatures = [
  'advanced_analytics',
  'auto_surveys',
  'team_collaboration',
  'custom_branding',
  'priority_support',
  'api_access',
] as const;
export type PublicPlanFeature = (typeof publicPlanFeatures)[number];

export type PublicPricingPlan = {
  readonly tier: PlanTier;
  readonly name: string;
  readonly price: PlanPrice;
  readonly period: 'month';
  /** null means unlimited. */
  readonly patientLimit: number | null;
  /** Messages per month; null means unlimited. */
  readonly messageAllowance: number | null;
  readonly features: readonly PublicPlanFeature[];
  readonly cta: 'signup' | 'contact_sales';
  readonly popular: boolean;
};

/** Public pricing page and landing section (spec 3 §9). */
export const publicPricingPlans: readonly PublicPricingPlan[] = [
  {
    tier: 'starter',
    name: planNames.starter,
    price: planPrices.starter,
    period: 'month',
    patientLimit: 100,
    messageAllowance: 200,
    features: [],
    cta: 'signup',
    popular: false,
  },
  {
    tier: 'professional',
    name: planNames.professional,
    price: planPrices.professional,
    period: 'month',
    patientLimit: 500,
    messageAllowance: 1_000,
    features: publicPlanFeatures,
    cta: 'signup',
    popular: true,
  },
  {
    tier: 'enterprise',
    name: planNames.enterprise,
    price: planPrices.enterprise,
    period: 'month',
    patientLimit: null,
    messageAllowance: null,
    features: publicPlanFeatures,
    cta: 'contact_sales',
    popular: false,
  },
];

export type CalculatorPlan = {
  readonly tier: PlanTier;
  readonly price: PlanPrice;
  readonly patientLimit: number;
  readonly includedWhatsApp: number;
  readonly includedSms: number;
};

/** The calculator's stand-in for "unlimited" (spec 2 §9). */
export const calculatorUnlimited = 999_999;

/** Cost calculator and usage upgrade prompt (spec 2 §9). */
export const calculatorPlans: Readonly<Record<PlanTier, CalculatorPlan>> = {
  starter: {
    tier: 'starter',
    price: planPrices.starter,
    patientLimit: 100,
    includedWhatsApp: 200,
    includedSms: 0,
  },
  professional: {
    tier: 'professional',
    price: planPrices.professional,
    patientLimit: 500,
    includedWhatsApp: 500,
    includedSms: 500,
  },
  enterprise: {
    tier: 'enterprise',
    price: planPrices.enterprise,
    patientLimit: calculatorUnlimited,
    includedWhatsApp: calculatorUnlimited,
    includedSms: calculatorUnlimited,
  },
};

// ---------- the patient limit (spec 2 §2: 'Patient Limit Exceeded ... Please upgrade to continue
// service'), held at create and at import ----------

/** Patients the plan holds; null means unlimited. */
export function patientLimitOf(tier: string | null | undefined): number | null {
  const limit = calculatorPlans[resolvePlanTier(tier)].patientLimit;
  return limit >= calculatorUnlimited ? null : limit;
}

/** The smallest plan that holds `patients`. */
export function planForPatients(patients: number): PlanTier {
  return planTiers.find((tier) => patients <= calculatorPlans[tier].patientLimit) ?? 'enterprise';
}

export type PatientLimitBreach = {
  readonly limit: number;
  readonly current: number;
  readonly adding: number;
  /** The plan to upgrade to: the smallest that holds them all. */
  readonly upgradeTo: PlanTier;
};

/** Whether adding `adding` patients to `current` goes past the plan's limit (null: it fits). */
export function patientLimitBreach(
  tier: string | null | undefined,
  current: number,
  adding: number,
): PatientLimitBreach | null {
  const limit = patientLimitOf(tier);
  if (limit === null || current + adding <= limit) return null;
  return { limit, current, adding, upgradeTo: planForPatients(current + adding) };
}

export function patientLimitMessage(
  breach: PatientLimitBreach,
): DomainMessage<'plans.errors.patientLimitExceeded'> {
  return {
    key: 'plans.errors.patientLimitExceeded',
    message: `Patient Limit Exceeded - Your plan holds up to ${breach.limit} patients and has ${breach.current}. Please upgrade to continue service: ${planNames[breach.upgradeTo]} holds them all`,
  };
}

/**
 * Messages of a channel the plan includes a month (null: unlimited). Zero means every message on
 * that channel is billed as overage: Starter includes no SMS, so "SMS only" is warned about first.
 */
export function includedMessagesOf(
  tier: string | null | undefined,
  channel: 'whatsapp' | 'sms',
): number | null {
  const plan = calculatorPlans[resolvePlanTier(tier)];
  const included = channel === 'sms' ? plan.includedSms : plan.includedWhatsApp;
  return included >= calculatorUnlimited ? null : included;
}

/** Starter's add-on offered in the upgrade dialog: +$50/month for 300 SMS. */
export const starterSmsBundle = { tier: 'starter', priceCents: 5_000, sms: 300 } as const;

/** The upgrade dialog shows enterprise as custom pricing (null): it is sold by contract with sales. */
export function upgradeDialogPrice(tier: PlanTier): PlanPrice | null {
  return tier === 'enterprise' ? null : planPrices[tier];
}

// ---------- public API (spec 3 §9: API access from Professional; 1,000 requests an hour on
// standard plans, 5,000 on Enterprise) ----------

export const apiAccessTiers = ['professional', 'enterprise'] as const satisfies readonly PlanTier[];

export function canUseApi(tier: string | null | undefined): boolean {
  return apiAccessTiers.some((allowed) => allowed === tier);
}

export const apiRequestsPerHour = { standard: 1000, enterprise: 5000 } as const;

export function apiRateLimitPerHour(tier: string | null | undefined): number {
  return tier === 'enterprise' ? apiRequestsPerHour.enterprise : apiRequestsPerHour.standard;
}
