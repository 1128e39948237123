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
      hints: { showSavingsHint: false, showOverageWarning: false, professionalSavingsCents: null },
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
    // 5,750 SMS x 4 cents = $230.00 exactly: not over.
    ['starter', 575, 10, 23_000, null],
    // 5,751 SMS = $230.04: starter costs $457.04, 4 cents more than professional.
    ['starter', 5_751, 1, 23_004, 4],
    // 10,000 SMS: $400 less 15% = $340; $567 total, $110 over professional.
    ['starter', 1_000, 10, 34_000, 11_000],
    ['professional', 1_000, 10, 32_300, null],
  ] as const)(
    '%s, rest of world, %d x %d SMS: savings versus $457',
    (plan, patients, messagesPerPatient, overage, savings) => {
      const estimate = calculateCost({
        patients,
        messagesPerPatient,
        whatsappSharePercent: 0,
        plan,
        region: 'rest_of_world',
      });
      expect(estimate.overageCostCents).toBe(overage);
      expect(estimate.hints.professionalSavingsCents).toBe(savings);
    },
  );

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
