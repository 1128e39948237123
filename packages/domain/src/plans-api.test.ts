import { describe, expect, it } from 'vitest';
import { apiRateLimitPerHour, canUseApi, publicPricingPlans } from './plans';

describe('public API by plan', () => {
  it.each([
    ['starter', false],
    ['professional', true],
    ['enterprise', true],
    ['premium', false],
    [null, false],
    ['unknown', false],
  ])('API access for %s is %s', (tier, expected) => {
    expect(canUseApi(tier)).toBe(expected);
  });

  it('agrees with the public pricing: the plans that list API access are the plans that get it', () => {
    for (const plan of publicPricingPlans) {
      expect(canUseApi(plan.tier)).toBe(plan.features.includes('api_access'));
    }
  });

  it.each([
    ['professional', 1000],
    ['starter', 1000],
    ['enterprise', 5000],
    [undefined, 1000],
  ])('requests an hour for %s: %d', (tier, expected) => {
    expect(apiRateLimitPerHour(tier)).toBe(expected);
  });
});
