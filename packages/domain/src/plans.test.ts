import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculatorPlans,
  canAddTemplate,
  canUseAiReviewResponse,
  getPlanFeatures,
  planMessages,
  publicPricingPlans,
  resolvePlanTier,
  starterSmsBundle,
  templateLimitMessage,
  upgradeDialogPriceCents,
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
  it.each([
    ['starter', 19_700, 100, 200, false, 'signup'],
    ['professional', 39_700, 500, 1_000, true, 'signup'],
    ['enterprise', 79_700, null, null, false, 'contact_sales'],
  ])('public pricing: %s', (tier, priceCents, patientLimit, messageAllowance, popular, cta) => {
    expect(publicPricingPlans.find((plan) => plan.tier === tier)).toMatchObject({
      priceCents,
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
    ['starter', 22_700, 100, 200, 0, 22_700],
    ['professional', 45_700, 500, 500, 500, 45_700],
    ['enterprise', 91_700, 999_999, 999_999, 999_999, null],
  ] as const)(
    'calculator: %s',
    (tier, priceCents, patientLimit, includedWhatsApp, includedSms, dialogPrice) => {
      expect(calculatorPlans[tier]).toEqual({
        tier,
        priceCents,
        patientLimit,
        includedWhatsApp,
        includedSms,
      });
      expect(upgradeDialogPriceCents(tier)).toBe(dialogPrice);
    },
  );

  it('starter SMS bundle is +$50 for 300 SMS', () => {
    expect(starterSmsBundle).toEqual({ tier: 'starter', priceCents: 5_000, sms: 300 });
  });
});
