import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCost } from './cost-calculator';
import {
  calculatorPlans,
  canAddTemplate,
  canUseAiReviewResponse,
  getPlanFeatures,
  includedMessagesOf,
  patientLimitBreach,
  patientLimitMessage,
  patientLimitOf,
  planMessages,
  planPrices,
  planTiers,
  publicPricingPlans,
  resolvePlanTier,
  starterSmsBundle,
  templateLimitMessage,
  upgradeDialogPrice,
} from './plans';

describe('resolvePlanTier', () => {
  it.each([
    ['starter', 'starter'],
    ['professional', 'professional'],
    ['enterprise', 'enterprise'],
    ['premium', 'starter'],
    [null, 'starter'],
    [undefined, 'starter'],
    ['', 'starter'],
    ['Professional', 'starter'],
    ['gold', 'starter'],
  ])('%j -> %s', (tier, expected) => {
    expect(resolvePlanTier(tier)).toBe(expected);
  });
});

describe('plan feature flags', () => {
  it.each([
    ['starter', false, 3],
    ['professional', true, -1],
    ['enterprise', true, -1],
    [null, false, 3],
    ['premium', false, 3],
  ])('%j: features %s, template limit %d', (tier, enabled, templateLimit) => {
    expect(getPlanFeatures(tier)).toEqual({
      hasCollaborativeOnboarding: enabled,
      hasCustomBranding: enabled,
      hasAdvancedAnalytics: enabled,
      hasAutoSurveys: enabled,
      templateLimit,
      hasMultiLanguage: enabled,
    });
  });

  it.each([
    ['starter', false],
    ['professional', true],
    ['enterprise', true],
    ['premium', true],
    [null, false],
    ['unknown', false],
  ])('AI review response for %j: %s', (tier, expected) => {
    expect(canUseAiReviewResponse(tier)).toBe(expected);
  });

  it.each([
    ['starter', 0, true],
    ['starter', 2, true],
    ['starter', 3, false],
    ['starter', 4, false],
    [undefined, 3, false],
    ['professional', 3, true],
    ['professional', 10_000, true],
    ['enterprise', 3, true],
  ])('%j with %d templates can add another: %s', (tier, count, expected) => {
    expect(canAddTemplate(tier, count)).toBe(expected);
  });

  it('professional and enterprise can always add a template', () => {
    fc.assert(
      fc.property(fc.constantFrom('professional', 'enterprise'), fc.nat(), (tier, count) => {
        expect(canAddTemplate(tier, count)).toBe(true);
      }),
    );
  });

  it('quotes the spec messages', () => {
    expect(planMessages.featureLocked.message).toBe('This feature requires Professional or Enterprise plan');
    expect(templateLimitMessage(3)).toEqual({
      key: 'plans.errors.templateLimitReached',
      message: 'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
    });
  });
});

describe('prices', () => {
  // One price per plan (ADR 018): the public list is the platform part, the calculator's list the
  // total with the included messaging bundle; both spec lists are read from this one table.
  it.each([
    ['starter', 19_700, 3_000, 22_700],
    ['professional', 39_700, 6_000, 45_700],
    ['enterprise', 79_700, 12_000, 91_700],
  ] as const)('%s: platform %i + messaging %i = %i a month', (tier, platform, messaging, total) => {
    expect(planPrices[tier]).toEqual({
      platformCents: platform,
      messagingBundleCents: messaging,
      totalCents: total,
    });
  });

  it.each(planTiers)('%s: every surface reads the same price object', (tier) => {
    const price = planPrices[tier];
    expect(publicPricingPlans.find((plan) => plan.tier === tier)?.price).toBe(price);
    expect(calculatorPlans[tier].price).toBe(price);
    expect(calculateCost({ plan: tier }).planPriceCents).toBe(price.totalCents);
    expect(upgradeDialogPrice(tier)).toBe(tier === 'enterprise' ? null : price);
  });

  it.each([
    ['starter', 100, 200, false, 'signup'],
    ['professional', 500, 1_000, true, 'signup'],
    ['enterprise', null, null, false, 'contact_sales'],
  ])('public pricing: %s', (tier, patientLimit, messageAllowance, popular, cta) => {
    expect(publicPricingPlans.find((plan) => plan.tier === tier)).toMatchObject({
      patientLimit,
      messageAllowance,
      popular,
      cta,
    });
  });

  it('public pricing lists API access for professional but not starter', () => {
    expect(publicPricingPlans.map((plan) => plan.features.includes('api_access'))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it.each([
    ['starter', 100, 200, 0],
    ['professional', 500, 500, 500],
    ['enterprise', 999_999, 999_999, 999_999],
  ] as const)('calculator: %s', (tier, patientLimit, includedWhatsApp, includedSms) => {
    expect(calculatorPlans[tier]).toMatchObject({ tier, patientLimit, includedWhatsApp, includedSms });
  });

  it('starter SMS bundle is +$50 for 300 SMS', () => {
    expect(starterSmsBundle).toEqual({ tier: 'starter', priceCents: 5_000, sms: 300 });
  });
});

describe('patient limit', () => {
  it.each([
    ['starter', 0, 100, null],
    ['starter', 100, 0, null],
    ['starter', 100, 1, { limit: 100, current: 100, adding: 1, upgradeTo: 'professional' }],
    ['starter', 40, 11_051, { limit: 100, current: 40, adding: 11_051, upgradeTo: 'enterprise' }],
    ['starter', 99, 401, { limit: 100, current: 99, adding: 401, upgradeTo: 'professional' }],
    ['professional', 500, 0, null],
    ['professional', 499, 2, { limit: 500, current: 499, adding: 2, upgradeTo: 'enterprise' }],
    ['enterprise', 900_000, 500_000, null],
    [null, 100, 1, { limit: 100, current: 100, adding: 1, upgradeTo: 'professional' }],
    ['premium', 100, 1, { limit: 100, current: 100, adding: 1, upgradeTo: 'professional' }],
  ] as const)('%s with %i patients, adding %i', (tier, current, adding, breach) => {
    expect(patientLimitBreach(tier, current, adding)).toEqual(breach);
  });

  it.each([
    ['starter', 100],
    ['professional', 500],
    ['enterprise', null],
  ] as const)('%s holds %s patients', (tier, limit) => {
    expect(patientLimitOf(tier)).toBe(limit);
  });

  it("says the spec's words, the limit and the upgrade", () => {
    expect(patientLimitMessage({ limit: 100, current: 100, adding: 1, upgradeTo: 'professional' })).toEqual({
      key: 'plans.errors.patientLimitExceeded',
      message:
        'Patient Limit Exceeded - Your plan holds up to 100 patients and has 100. Please upgrade to continue service: Professional holds them all',
    });
  });
});

describe('includedMessagesOf', () => {
  it.each([
    ['starter', 'sms', 0],
    ['starter', 'whatsapp', 200],
    ['professional', 'sms', 500],
    ['professional', 'whatsapp', 500],
    ['enterprise', 'sms', null],
    [null, 'sms', 0],
  ] as const)('%s %s: %s', (tier, channel, included) => {
    expect(includedMessagesOf(tier, channel)).toBe(included);
  });
});
