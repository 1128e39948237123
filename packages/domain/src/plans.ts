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

// The spec gives two price lists for the same plans and says both stand. Each is kept under the
// name of the place that shows it; neither is derived from the other.

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
  readonly priceCents: number;
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
    priceCents: 19_700,
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
    priceCents: 39_700,
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
    priceCents: 79_700,
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
  readonly priceCents: number;
  readonly patientLimit: number;
  readonly includedWhatsApp: number;
  readonly includedSms: number;
};

/** The calculator's stand-in for "unlimited" (spec 2 §9). */
export const calculatorUnlimited = 999_999;

/** Cost calculator and usage upgrade prompt (spec 2 §9). */
export const calculatorPlans: Readonly<Record<PlanTier, CalculatorPlan>> = {
  starter: { tier: 'starter', priceCents: 22_700, patientLimit: 100, includedWhatsApp: 200, includedSms: 0 },
  professional: {
    tier: 'professional',
    priceCents: 45_700,
    patientLimit: 500,
    includedWhatsApp: 500,
    includedSms: 500,
  },
  enterprise: {
    tier: 'enterprise',
    priceCents: 91_700,
    patientLimit: calculatorUnlimited,
    includedWhatsApp: calculatorUnlimited,
    includedSms: calculatorUnlimited,
  },
};

/** Starter's add-on offered in the upgrade dialog: +$50/month for 300 SMS. */
export const starterSmsBundle = { tier: 'starter', priceCents: 5_000, sms: 300 } as const;

/** The upgrade dialog shows enterprise as custom pricing (null) instead of the calculator's $917. */
export function upgradeDialogPriceCents(tier: PlanTier): number | null {
  return tier === 'enterprise' ? null : calculatorPlans[tier].priceCents;
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
