import { describe, expect, it } from 'vitest';
import { calculateCost, estimateVolumeCost } from './cost-calculator';
import {
  projectToMonthEnd,
  regionOfCountry,
  summarizeUsage,
  type UsageMonth,
  upgradePromptThreshold,
  usageMonthOf,
} from './usage';

const month = (daysBegun: number, daysInMonth = 30): UsageMonth => ({
  month: '2026-11',
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
  daysInMonth,
  daysBegun,
});

describe('usageMonthOf', () => {
  it.each([
    // now (UTC), zone, month, start, end, days, begun
    [
      '2026-11-26T03:00:00Z',
      'UTC',
      '2026-11',
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      30,
      26,
    ],
    // 23:30 on 31 October in New York is already November in UTC, still October locally.
    [
      '2026-11-01T03:30:00Z',
      'America/New_York',
      '2026-10',
      '2026-10-01T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
      31,
      31,
    ],
    // 01:00 on 1 December in Istanbul (UTC+3) is 30 November in UTC.
    [
      '2026-11-30T22:00:00Z',
      'Europe/Istanbul',
      '2026-12',
      '2026-11-30T21:00:00.000Z',
      '2026-12-31T21:00:00.000Z',
      31,
      1,
    ],
    [
      '2028-02-15T12:00:00Z',
      'Europe/Madrid',
      '2028-02',
      '2028-01-31T23:00:00.000Z',
      '2028-02-29T23:00:00.000Z',
      29,
      15,
    ],
  ])('%s in %s is %s', (now, zone, name, start, end, days, begun) => {
    const m = usageMonthOf(new Date(now), zone);
    expect(m.month).toBe(name);
    expect(m.startsAt.toISOString()).toBe(start);
    expect(m.endsAt.toISOString()).toBe(end);
    expect(m.daysInMonth).toBe(days);
    expect(m.daysBegun).toBe(begun);
  });
});

describe('regionOfCountry', () => {
  it.each([
    [null, 'us_canada'],
    ['US', 'us_canada'],
    ['CA', 'us_canada'],
    ['ES', 'eu'],
    ['DE', 'eu'],
    ['TR', 'rest_of_world'],
    ['GB', 'rest_of_world'],
  ] as const)('%s -> %s', (country, region) => {
    expect(regionOfCountry(country)).toBe(region);
  });
});

describe('projectToMonthEnd', () => {
  it.each([
    [0, 1, 30, 0],
    [10, 10, 30, 30],
    [10, 3, 30, 100],
    [7, 30, 30, 7],
    [1, 29, 30, 2], // 1.03... rounds up
  ])('%i after %i of %i days -> %i', (count, begun, days, projected) => {
    expect(projectToMonthEnd(count, { daysBegun: begun, daysInMonth: days })).toBe(projected);
  });
  it('refuses a negative or fractional count', () => {
    expect(() => projectToMonthEnd(-1, month(1))).toThrow(RangeError);
    expect(() => projectToMonthEnd(1.5, month(1))).toThrow(RangeError);
  });
});

describe('summarizeUsage', () => {
  const cases = [
    // tier, wa, sms, patients, daysBegun, percent, prompt, patient over, recommended, price
    {
      tier: 'starter',
      wa: 100,
      sms: 0,
      patients: 10,
      begun: 30,
      percent: 50,
      prompt: false,
      over: false,
      rec: 'professional',
      price: 45_700,
    },
    {
      tier: 'starter',
      wa: 179,
      sms: 0,
      patients: 10,
      begun: 30,
      percent: 89.5,
      prompt: false,
      over: false,
      rec: 'professional',
      price: 45_700,
    },
    {
      tier: 'starter',
      wa: 180,
      sms: 0,
      patients: 10,
      begun: 30,
      percent: 90,
      prompt: true,
      over: false,
      rec: 'professional',
      price: 45_700,
    },
    {
      tier: 'starter',
      wa: 10,
      sms: 0,
      patients: 101,
      begun: 30,
      percent: 5,
      prompt: true,
      over: true,
      rec: 'professional',
      price: 45_700,
    },
    {
      tier: 'professional',
      wa: 450,
      sms: 450,
      patients: 100,
      begun: 30,
      percent: 90,
      prompt: true,
      over: false,
      rec: 'enterprise',
      price: null,
    },
    {
      tier: 'professional',
      wa: 400,
      sms: 400,
      patients: 100,
      begun: 30,
      percent: 80,
      prompt: false,
      over: false,
      rec: 'enterprise',
      price: null,
    },
    {
      tier: 'enterprise',
      wa: 50_000,
      sms: 50_000,
      patients: 9_000,
      begun: 30,
      percent: null,
      prompt: false,
      over: false,
      rec: 'enterprise',
      price: null,
    },
    // premium reads as starter (AI replies only)
    {
      tier: 'premium',
      wa: 190,
      sms: 0,
      patients: 1,
      begun: 30,
      percent: 95,
      prompt: true,
      over: false,
      rec: 'professional',
      price: 45_700,
    },
    // the projection drives the recommendation: 150 WhatsApp by day 10 projects 450 (professional fits)
    {
      tier: 'starter',
      wa: 150,
      sms: 0,
      patients: 1,
      begun: 10,
      percent: 75,
      prompt: false,
      over: false,
      rec: 'professional',
      price: 45_700,
    },
    // professional projecting 1,500 SMS needs enterprise
    {
      tier: 'professional',
      wa: 0,
      sms: 300,
      patients: 1,
      begun: 6,
      percent: 30,
      prompt: false,
      over: false,
      rec: 'enterprise',
      price: null,
    },
  ] as const;

  it.each(cases)('$tier $wa WA + $sms SMS, $patients patients, day $begun', (c) => {
    const summary = summarizeUsage({
      counts: { whatsappMessages: c.wa, smsMessages: c.sms, patients: c.patients },
      tier: c.tier,
      country: 'US',
      month: month(c.begun),
    });
    expect(summary.usagePercent).toBe(c.percent);
    expect(summary.showUpgradePrompt).toBe(c.prompt);
    expect(summary.patientLimitExceeded).toBe(c.over);
    expect(summary.recommendedPlan).toBe(c.rec);
    expect(summary.recommendedPrice?.totalCents ?? null).toBe(c.price);
    expect(summary.whatsapp.used).toBe(c.wa);
    expect(summary.sms.used).toBe(c.sms);
  });

  it('shows limits per plan, unlimited as null, and the SMS add-on to starter only', () => {
    const counts = { whatsappMessages: 0, smsMessages: 0, patients: 0 };
    const starter = summarizeUsage({ counts, tier: 'starter', country: null, month: month(1) });
    expect([starter.whatsapp.limit, starter.sms.limit, starter.patients.limit]).toEqual([200, 0, 100]);
    expect(starter.smsAddOn).toEqual({ priceCents: 5_000, sms: 300 });
    const pro = summarizeUsage({ counts, tier: 'professional', country: null, month: month(1) });
    expect([pro.whatsapp.limit, pro.sms.limit, pro.patients.limit]).toEqual([500, 500, 500]);
    expect(pro.smsAddOn).toBeNull();
    const ent = summarizeUsage({ counts, tier: 'enterprise', country: null, month: month(1) });
    expect([ent.whatsapp.limit, ent.sms.limit, ent.patients.limit]).toEqual([null, null, null]);
  });

  it("projects with the cost calculator's arithmetic, in the clinic's region", () => {
    const summary = summarizeUsage({
      counts: { whatsappMessages: 100, smsMessages: 30, patients: 40 },
      tier: 'starter',
      country: 'ES',
      month: month(10),
    });
    expect(summary.projection).toEqual(
      estimateVolumeCost({ whatsapp: 300, sms: 90, patients: 40 }, 'starter', 'eu'),
    );
    // 100 WhatsApp over at $0.010 + 90 SMS at $0.012 = $2.08
    expect(summary.projection.overageCostCents).toBe(208);
  });
});

describe('estimateVolumeCost', () => {
  it('is what calculateCost computes for the same volume', () => {
    const input = {
      patients: 400,
      messagesPerPatient: 5,
      whatsappSharePercent: 35,
      plan: 'professional',
      region: 'rest_of_world',
    } as const;
    const byCalculator = calculateCost(input);
    expect(
      estimateVolumeCost(
        { whatsapp: byCalculator.projectedWhatsApp, sms: byCalculator.projectedSms, patients: 400 },
        'professional',
        'rest_of_world',
      ),
    ).toEqual(byCalculator);
  });
});

describe('upgradePromptThreshold', () => {
  it.each([
    [
      { plan: 'starter', month: '2026-11', percent: 90, patientLimitExceeded: false },
      'messages-90:starter:2026-11',
    ],
    [
      { plan: 'starter', month: '2026-11', percent: 99.5, patientLimitExceeded: false },
      'messages-90:starter:2026-11',
    ],
    [
      { plan: 'starter', month: '2026-11', percent: 100, patientLimitExceeded: false },
      'messages-100:starter:2026-11',
    ],
    [
      { plan: 'starter', month: '2026-12', percent: 90, patientLimitExceeded: false },
      'messages-90:starter:2026-12',
    ],
    [
      { plan: 'professional', month: '2026-11', percent: 95, patientLimitExceeded: false },
      'messages-90:professional:2026-11',
    ],
    [{ plan: 'starter', month: '2026-11', percent: 100, patientLimitExceeded: true }, 'patients:starter'],
  ] as const)('%j is %s', (input, threshold) => {
    expect(upgradePromptThreshold(input)).toBe(threshold);
  });

  it('is null when no prompt is due, and names the threshold when one is', () => {
    const counts = { whatsappMessages: 10, smsMessages: 0, patients: 1 };
    expect(
      summarizeUsage({ counts, tier: 'starter', country: null, month: month(1) }).upgradePromptThreshold,
    ).toBeNull();
    const full = { whatsappMessages: 200, smsMessages: 0, patients: 1 };
    expect(
      summarizeUsage({ counts: full, tier: 'starter', country: null, month: month(1) })
        .upgradePromptThreshold,
    ).toMatch(/^messages-100:starter:/);
  });
});
