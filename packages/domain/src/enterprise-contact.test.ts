import { describe, expect, it } from 'vitest';
import {
  contractTypes,
  enterpriseContactLimits,
  enterpriseContracts,
  enterpriseVolumeDiscountPercent,
  parseVolumeRange,
  volumeRanges,
} from './enterprise-contact';
import { enterpriseContactSchema } from './enterprise-contact.schema';

describe('volume ranges', () => {
  it.each([
    ['10,000-50,000', 10_000],
    ['50,000-100,000', 50_000],
    ['100,000-300,000', 100_000],
    ['300,000-750,000', 300_000],
    ['750,000+', 750_000],
    ['', null],
    ['10000-50000', null],
    ['1,000,000+', null],
  ])('%j -> %j', (label, expected) => {
    expect(parseVolumeRange(label)).toBe(expected);
  });

  it('gives strictly increasing lower bounds in list order', () => {
    const bounds = volumeRanges.map(parseVolumeRange);
    expect(bounds).toEqual([...bounds].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(new Set(bounds).size).toBe(volumeRanges.length);
  });
});

describe('contracts', () => {
  it('offers growth, enterprise and custom', () => {
    expect(contractTypes).toEqual(['growth', 'enterprise', 'custom']);
    expect(enterpriseContracts).toEqual([
      { type: 'growth', name: 'Growth', priceCents: 250_000, messagesUpTo: 300_000, popular: true },
      { type: 'enterprise', name: 'Enterprise', priceCents: 500_000, messagesUpTo: 750_000, popular: false },
      { type: 'custom', name: 'Custom', priceCents: null, messagesUpTo: null, popular: false },
    ]);
  });

  it.each([
    [99_999, 0],
    [100_000, 15],
    [499_999, 15],
    [500_000, 25],
    [999_999, 25],
    [1_000_000, 35],
  ])('%d messages a month -> %d%% discount', (messages, percent) => {
    expect(enterpriseVolumeDiscountPercent(messages)).toBe(percent);
  });
});

describe('enterpriseContactSchema', () => {
  const valid = {
    contactName: ' Dr. Jane Roe ',
    contactEmail: ' jane@clinic.example ',
    companyName: 'Roe Dental Group',
    estimatedMonthlyVolume: '50,000-100,000',
  } as const;

  it('accepts the four required fields and stores blank optionals as null', () => {
    expect(
      enterpriseContactSchema.parse({
        ...valid,
        contactPhone: '',
        currentSolution: ' ',
        specificRequirements: '',
      }),
    ).toEqual({
      contactName: 'Dr. Jane Roe',
      contactEmail: 'jane@clinic.example',
      contactPhone: null,
      companyName: 'Roe Dental Group',
      estimatedMonthlyVolume: '50,000-100,000',
      currentSolution: null,
      specificRequirements: null,
      preferredContractType: null,
    });
  });

  it('keeps the optional fields when given', () => {
    expect(
      enterpriseContactSchema.parse({
        ...valid,
        contactPhone: '+1 555 0100',
        currentSolution: 'Spreadsheets',
        specificRequirements: 'SSO',
        preferredContractType: 'custom',
      }),
    ).toMatchObject({
      contactPhone: '+1 555 0100',
      currentSolution: 'Spreadsheets',
      specificRequirements: 'SSO',
      preferredContractType: 'custom',
    });
  });

  it.each([
    ['contactName', { contactName: '  ' }, 'Contact name is required'],
    ['contactName', { contactName: undefined }, 'Contact name is required'],
    ['contactEmail', { contactEmail: 'jane' }, 'Please enter a valid email address'],
    ['contactEmail', { contactEmail: undefined }, 'Please enter a valid email address'],
    ['companyName', { companyName: '' }, 'Company name is required'],
    ['estimatedMonthlyVolume', { estimatedMonthlyVolume: '' }, 'Please choose an estimated monthly volume'],
    [
      'estimatedMonthlyVolume',
      { estimatedMonthlyVolume: '1M+' },
      'Please choose an estimated monthly volume',
    ],
    ['preferredContractType', { preferredContractType: 'basic' }, undefined],
  ])('rejects a bad %s', (field, change, message) => {
    const result = enterpriseContactSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('enterprise contact field limits', () => {
  const valid = {
    contactName: 'Dr. Jane Roe',
    contactEmail: 'jane@clinic.example',
    companyName: 'Roe Dental Group',
    estimatedMonthlyVolume: '50,000-100,000',
  } as const;

  it.each(Object.entries(enterpriseContactLimits))(
    '%s takes %d characters and refuses one more, naming the field',
    (field, max) => {
      const fill = (length: number) =>
        field === 'contactEmail'
          ? `${'j'.repeat(length - '@clinic.example'.length)}@clinic.example`
          : 'x'.repeat(length);
      const atLimit = enterpriseContactSchema.safeParse({ ...valid, [field]: fill(max) });
      // An address of 254 characters is longer than the e-mail rule allows in its local part.
      if (field !== 'contactEmail') expect(atLimit.success).toBe(true);
      const over = enterpriseContactSchema.safeParse({ ...valid, [field]: fill(max + 1) });
      expect(over.success).toBe(false);
      expect(over.error?.issues[0]?.path).toEqual([field]);
      expect(over.error?.issues[0]?.message).toBe(`${field} must be at most ${max} characters`);
    },
  );
});
