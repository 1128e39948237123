import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateCost,
  costCalculatorValues,
  defaultCostCalculatorInput,
  type Region,
  recommendPlan,
  regions,
  shouldShowUpgradePrompt,
  usagePercent,
  volumeDiscountPercent,
} from './cost-calculator';
import { type PlanTier, planTiers } from './plans';

describe('defaults', () => {
  it('are 100 patients, 3 messages, 70% WhatsApp, starter, US/Canada', () => {
    expect(defaultCostCalculatorInput).toEqual({
      patients: 100,
      messagesPerPatient: 3,
      whatsappSharePercent: 70,
      plan: 'starter',
      region: 'us_canada',
    });
  });

  it('default estimate: 210 WhatsApp + 90 SMS against 200 + 0 included', () => {
    expect(calculateCost()).toEqual({
      plan: 'starter',
      region: 'us_canada',
      totalMessages: 300,
      projectedWhatsApp: 210,
      projectedSms: 90,
      includedWhatsApp: 200,
      includedSms: 0,
      includedAllowance: 200,
      whatsappOverage: 10,
      smsOverage: 90,
      overageMessages: 100,
      overageCostBeforeDiscountCents: 80,
      volumeDiscountPercent: 0,
      volumeDiscountCents: 0,
      overageCostCents: 80,
      planPriceCents: 22_700,
      totalCostCents: 22_780,
      usagePercent: 150,
      exceedsPatientLimit: false,
      hints: { showSavingsHint: false, showOverageWarning: false, cheaperPlan: null },
    });
  });
});

describe('input ranges', () => {
  it.each([
    [{ patients: 0 }],
    [{ patients: 10_001 }],
    [{ patients: 1.5 }],
    [{ messagesPerPatient: 0 }],
    [{ messagesPerPatient: 21 }],
    [{ whatsappSharePercent: -1 }],
    [{ whatsappSharePercent: 101 }],
    [{ plan: 'premium' as PlanTier }],
    [{ region: 'mars' as Region }],
  ])('rejects %j', (input) => {
    expect(() => calculateCost(input)).toThrow(RangeError);
  });

  it('fills in the defaults for inputs left out or undefined', () => {
    expect(costCalculatorValues({ patients: 2_000, region: undefined })).toEqual({
      ...defaultCostCalculatorInput,
      patients: 2_000,
    });
  });

  it.each([
    [{ patients: 1, messagesPerPatient: 1, whatsappSharePercent: 0 }],
    [{ patients: 10_000, messagesPerPatient: 20, whatsappSharePercent: 100 }],
  ])('accepts the bounds %j', (input) => {
    expect(() => calculateCost(input)).not.toThrow();
  });
});

describe('regions', () => {
  // 2,000 messages split 1,000 / 1,000. Starter overage: 800 WhatsApp + 1,000 SMS.
  // Professional overage: 500 + 500.
  it.each([
    ['starter', 'us_canada', 1_440], // 800 x 0.8 + 1,000 x 0.8 cents
    ['starter', 'eu', 2_000], // 800 x 1.0 + 1,000 x 1.2
    ['starter', 'rest_of_world', 6_000], // 800 x 2.5 + 1,000 x 4.0
    ['professional', 'us_canada', 800], // 500 x 0.8 + 500 x 0.8
    ['professional', 'eu', 1_100], // 500 x 1.0 + 500 x 1.2
    ['professional', 'rest_of_world', 3_250], // 500 x 2.5 + 500 x 4.0
    ['enterprise', 'rest_of_world', 0],
  ] as const)('%s in %s: overage %d cents', (plan, region, cents) => {
    const estimate = calculateCost({
      patients: 1_000,
      messagesPerPatient: 2,
      whatsappSharePercent: 50,
      plan,
      region,
    });
    expect(estimate.overageCostCents).toBe(cents);
    expect(estimate.totalCostCents).toBe(estimate.planPriceCents + cents);
  });

  it('rounds fractions of a cent half up, once', () => {
    // 1 SMS over in the US is 0.8 cents -> 1 cent; 9,799 over is 7,839.2 cents -> 7,839.
    expect(
      calculateCost({ patients: 1, messagesPerPatient: 1, whatsappSharePercent: 0 }).overageCostCents,
    ).toBe(1);
    expect(calculateCost({ patients: 9_999, messagesPerPatient: 1 }).overageCostCents).toBe(7_839);
  });
});

describe('volume discount', () => {
  it.each([
    [0, 0],
    [9_999, 0],
    [10_000, 15],
    [24_999, 15],
    [25_000, 25],
    [49_999, 25],
    [50_000, 35],
    [200_000, 35],
  ])('%d total messages -> %d%%', (total, percent) => {
    expect(volumeDiscountPercent(total)).toBe(percent);
  });

  // Starter, US/Canada, 70% WhatsApp; overage priced at 0.8 cents a message before the discount.
  it.each([
    [9_999, 1, 9_999, 6_999, 3_000, 0, 7_839, 7_839],
    [10_000, 1, 10_000, 7_000, 3_000, 15, 7_840, 6_664],
    [8_333, 3, 24_999, 17_499, 7_500, 15, 19_839, 16_863],
    [2_500, 10, 25_000, 17_500, 7_500, 25, 19_840, 14_880],
    [8_333, 6, 49_998, 34_999, 14_999, 25, 39_838, 29_879],
    [2_500, 20, 50_000, 35_000, 15_000, 35, 39_840, 25_896],
  ])(
    '%d patients x %d = %d messages',
    (patients, messagesPerPatient, total, whatsapp, sms, percent, grossCents, netCents) => {
      const estimate = calculateCost({ patients, messagesPerPatient });
      expect(estimate).toMatchObject({
        totalMessages: total,
        projectedWhatsApp: whatsapp,
        projectedSms: sms,
        volumeDiscountPercent: percent,
        overageCostBeforeDiscountCents: grossCents,
        overageCostCents: netCents,
        volumeDiscountCents: grossCents - netCents,
        totalCostCents: 22_700 + netCents,
      });
    },
  );
});

describe('hints', () => {
  it.each([
    [100, false],
    [101, true],
  ])('starter US, %d SMS over: savings hint %s', (patients, expected) => {
    const estimate = calculateCost({ patients, messagesPerPatient: 1, whatsappSharePercent: 0 });
    expect(estimate.overageMessages).toBe(patients);
    expect(estimate.hints.showSavingsHint).toBe(expected);
  });

  it.each([
    [6_250, 5_000, false],
    [6_251, 5_001, true],
  ])('starter US, %d SMS over (%d cents): overage warning %s', (patients, cents, expected) => {
    const estimate = calculateCost({ patients, messagesPerPatient: 1, whatsappSharePercent: 0 });
    expect(estimate.overageCostCents).toBe(cents);
    expect(estimate.hints.showOverageWarning).toBe(expected);
  });

  it.each([
    // The outside audit's case: starter $1,608.25, professional $1,820.38 (it was told professional
    // "would save $1,151.25"); only enterprise holds 5,000 patients, at $917.
    [
      'starter',
      5_000,
      12,
      30,
      'rest_of_world',
      160_825,
      { plan: 'enterprise', totalCostCents: 91_700, savingsCents: 69_125 },
    ],
    [
      'professional',
      5_000,
      12,
      30,
      'rest_of_world',
      182_038,
      { plan: 'enterprise', totalCostCents: 91_700, savingsCents: 90_338 },
    ],
    // Within starter's 100 patients professional never costs less: its larger allowance saves at
    // most $27.50 of overage against $230 more a month.
    ['starter', 100, 20, 0, 'rest_of_world', 30_700, null],
    ['starter', 100, 10, 0, 'rest_of_world', 26_700, null],
    // A plan above what the volume needs: the cheaper one that holds the patients, by how much.
    [
      'professional',
      50,
      3,
      70,
      'us_canada',
      45_700,
      { plan: 'starter', totalCostCents: 22_736, savingsCents: 22_964 },
    ],
    [
      'enterprise',
      50,
      3,
      70,
      'eu',
      91_700,
      { plan: 'starter', totalCostCents: 22_754, savingsCents: 68_946 },
    ],
    [
      'enterprise',
      400,
      5,
      50,
      'eu',
      91_700,
      { plan: 'professional', totalCostCents: 46_800, savingsCents: 44_900 },
    ],
    // No cheaper plan holds the patients: nothing is suggested.
    ['professional', 500, 20, 100, 'eu', 53_775, null],
    ['professional', 500, 20, 0, 'rest_of_world', 78_000, null],
    ['starter', 5_000, 1, 50, 'us_canada', 26_540, null],
    ['enterprise', 10_000, 20, 30, 'eu', 91_700, null],
    [
      'starter',
      10_000,
      20,
      30,
      'rest_of_world',
      483_875,
      { plan: 'enterprise', totalCostCents: 91_700, savingsCents: 392_175 },
    ],
  ] as const)(
    '%s, %i patients x %i messages, %i per cent WhatsApp, %s: total %i cents, cheaper plan %o',
    (plan, patients, messagesPerPatient, whatsappSharePercent, region, total, cheaper) => {
      const estimate = calculateCost({ patients, messagesPerPatient, whatsappSharePercent, plan, region });
      expect(estimate.totalCostCents).toBe(total);
      expect(estimate.hints.cheaperPlan).toEqual(cheaper);
      if (cheaper) {
        const suggested = calculateCost({
          patients,
          messagesPerPatient,
          whatsappSharePercent,
          plan: cheaper.plan,
          region,
        });
        expect(suggested.totalCostCents).toBe(cheaper.totalCostCents);
        expect(suggested.exceedsPatientLimit).toBe(false);
      }
    },
  );

  it('never suggests a plan that costs as much or more, for every plan, region and mix', () => {
    for (const plan of ['starter', 'professional', 'enterprise'] as const) {
      for (const region of ['us_canada', 'eu', 'rest_of_world'] as const) {
        for (const patients of [1, 100, 101, 500, 501, 10_000]) {
          for (const messagesPerPatient of [1, 5, 20]) {
            for (const whatsappSharePercent of [0, 30, 100]) {
              const input = { patients, messagesPerPatient, whatsappSharePercent, plan, region };
              const { totalCostCents, hints } = calculateCost(input);
              if (hints.cheaperPlan === null) continue;
              const other = calculateCost({ ...input, plan: hints.cheaperPlan.plan });
              expect(other.totalCostCents).toBeLessThan(totalCostCents);
              expect(hints.cheaperPlan.savingsCents).toBe(totalCostCents - other.totalCostCents);
              expect(other.exceedsPatientLimit).toBe(false);
            }
          }
        }
      }
    }
  });

  it.each([
    ['starter', 100, false],
    ['starter', 101, true],
    ['professional', 500, false],
    ['professional', 501, true],
    ['enterprise', 10_000, false],
  ] as const)('%s with %d patients exceeds the patient limit: %s', (plan, patients, expected) => {
    expect(calculateCost({ plan, patients }).exceedsPatientLimit).toBe(expected);
  });
});

describe('usage and upgrade prompt', () => {
  it.each([
    [180, 200, 90],
    [179, 200, 89.5],
    [300, 200, 150],
    [0, 1_000, 0],
  ])('%d of %d -> %d%%', (total, allowance, percent) => {
    expect(usagePercent(total, allowance)).toBe(percent);
  });

  it.each([
    [89.99, 'starter', false],
    [90, 'starter', true],
    [150, 'professional', true],
    [90, null, true],
    [90, 'premium', true],
    [90, 'enterprise', false],
    [500, 'enterprise', false],
  ])('%d%% on %j -> %s', (usage, tier, expected) => {
    expect(shouldShowUpgradePrompt(usage, tier)).toBe(expected);
  });

  it.each([
    [{ patients: 50, whatsappMessages: 150, smsMessages: 0 }, undefined, 'starter'],
    [{ patients: 50, whatsappMessages: 190, smsMessages: 0 }, 'starter', 'professional'],
    [{ patients: 50, whatsappMessages: 150, smsMessages: 1 }, undefined, 'professional'],
    [{ patients: 101, whatsappMessages: 0, smsMessages: 0 }, undefined, 'professional'],
    [{ patients: 400, whatsappMessages: 500, smsMessages: 500 }, 'starter', 'professional'],
    [{ patients: 501, whatsappMessages: 0, smsMessages: 0 }, 'starter', 'enterprise'],
    [{ patients: 100, whatsappMessages: 600, smsMessages: 0 }, undefined, 'enterprise'],
    [{ patients: 100, whatsappMessages: 450, smsMessages: 450 }, 'professional', 'enterprise'],
    [{ patients: 1, whatsappMessages: 0, smsMessages: 0 }, 'enterprise', 'enterprise'],
  ] as const)('%j from %s -> %s', (usage, current, expected) => {
    expect(recommendPlan(usage, current)).toBe(expected);
  });
});

describe('properties', () => {
  const inputs = fc.record({
    patients: fc.integer({ min: 1, max: 10_000 }),
    messagesPerPatient: fc.integer({ min: 1, max: 20 }),
    whatsappSharePercent: fc.integer({ min: 0, max: 100 }),
    plan: fc.constantFrom(...planTiers),
    region: fc.constantFrom(...regions),
  });

  it('keeps the totals consistent and whole', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const e = calculateCost(input);
        expect(e.projectedWhatsApp + e.projectedSms).toBe(input.patients * input.messagesPerPatient);
        expect(e.overageMessages).toBeLessThanOrEqual(e.totalMessages);
        expect(e.overageCostCents).toBeLessThanOrEqual(e.overageCostBeforeDiscountCents);
        expect(e.totalCostCents).toBe(e.planPriceCents + e.overageCostCents);
        for (const cents of [e.overageCostCents, e.overageCostBeforeDiscountCents, e.volumeDiscountCents]) {
          expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
        }
      }),
    );
  });

  it('never charges enterprise overage', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(calculateCost({ ...input, plan: 'enterprise' }).overageCostCents).toBe(0);
      }),
    );
  });

  it('costs at least as much in a dearer region', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const us = calculateCost({ ...input, region: 'us_canada' }).totalCostCents;
        const eu = calculateCost({ ...input, region: 'eu' }).totalCostCents;
        const rest = calculateCost({ ...input, region: 'rest_of_world' }).totalCostCents;
        expect(us).toBeLessThanOrEqual(eu);
        expect(eu).toBeLessThanOrEqual(rest);
      }),
    );
  });
});
