// Zod-free on purpose: the public pages import these constants; the schema lives in
// enterprise-contact.schema.ts, so zod loads only where a form is validated.

/** Estimated monthly message volume, as offered in the enterprise contact dialog. */
export const volumeRanges = [
  '10,000-50,000',
  '50,000-100,000',
  '100,000-300,000',
  '300,000-750,000',
  '750,000+',
] as const;
export type VolumeRange = (typeof volumeRanges)[number];

function isVolumeRange(label: string): label is VolumeRange {
  return volumeRanges.some((range) => range === label);
}

/**
 * The integer stored as estimated_monthly_volume. The spec says only "taken from the digits of
 * the chosen range"; all digits run together would turn '10,000-50,000' into 1,000,050,000, so
 * this reads the digits of the lower bound ('10,000-50,000' -> 10000, '750,000+' -> 750000).
 * Anything that is not one of the five ranges gives null.
 */
export function parseVolumeRange(label: string): number | null {
  if (!isVolumeRange(label)) return null;
  const [lowerBound = ''] = label.split(/[-+]/);
  return Number.parseInt(lowerBound.replace(/\D/g, ''), 10);
}

export const contractTypes = ['growth', 'enterprise', 'custom'] as const;
export type ContractType = (typeof contractTypes)[number];

export type EnterpriseContract = {
  readonly type: ContractType;
  readonly name: string;
  /** null: volume-based pricing. */
  readonly priceCents: number | null;
  /** Messages per month; null: by agreement. */
  readonly messagesUpTo: number | null;
  readonly popular: boolean;
};

export const enterpriseContracts: readonly EnterpriseContract[] = [
  { type: 'growth', name: 'Growth', priceCents: 250_000, messagesUpTo: 300_000, popular: true },
  { type: 'enterprise', name: 'Enterprise', priceCents: 500_000, messagesUpTo: 750_000, popular: false },
  { type: 'custom', name: 'Custom', priceCents: null, messagesUpTo: null, popular: false },
];

/** Enterprise contract volume discounts (spec 3 §9), highest threshold first. */
export const enterpriseVolumeDiscountSteps = [
  { minMonthlyMessages: 1_000_000, percent: 35 },
  { minMonthlyMessages: 500_000, percent: 25 },
  { minMonthlyMessages: 100_000, percent: 15 },
] as const;

export function enterpriseVolumeDiscountPercent(monthlyMessages: number): number {
  return (
    enterpriseVolumeDiscountSteps.find((step) => monthlyMessages >= step.minMonthlyMessages)?.percent ?? 0
  );
}

/** The longest text each field takes (the spec sets none; these hold any real answer). */
export const enterpriseContactLimits = {
  contactName: 200,
  contactEmail: 254,
  contactPhone: 40,
  companyName: 200,
  currentSolution: 500,
  specificRequirements: 5000,
} as const;
export type EnterpriseContactTextField = keyof typeof enterpriseContactLimits;

/** The 400 message of a field past its limit. */
export const enterpriseTooLongMessage = (field: EnterpriseContactTextField) =>
  `${field} must be at most ${enterpriseContactLimits[field]} characters`;

// The spec gives no wording for these (the form relies on the browser's required fields).
export const enterpriseContactMessages = {
  contactNameRequired: { key: 'enterprise.errors.contactNameRequired', message: 'Contact name is required' },
  contactEmailInvalid: {
    key: 'enterprise.errors.contactEmailInvalid',
    message: 'Please enter a valid email address',
  },
  companyNameRequired: { key: 'enterprise.errors.companyNameRequired', message: 'Company name is required' },
  volumeRequired: {
    key: 'enterprise.errors.volumeRequired',
    message: 'Please choose an estimated monthly volume',
  },
} as const;
