import type { DomainMessage } from './domain-message';

export const clinicCategories = ['dental', 'hair_transplant', 'plastic_surgery'] as const;
export type ClinicCategory = (typeof clinicCategories)[number];

/** The voice AI messages and replies are written in; the spec names only the default. */
export const brandTones = ['professional', 'friendly', 'warm', 'formal'] as const;
export type BrandTone = (typeof brandTones)[number];
export const defaultBrandTone: BrandTone = 'professional';

export function isClinicCategory(value: unknown): value is ClinicCategory {
  return clinicCategories.some((category) => category === value);
}

export const clinicProfileMessages = {
  nameRequired: { key: 'settings.errors.nameRequired', message: 'Clinic name is required' },
  emailInvalid: { key: 'settings.errors.emailInvalid', message: 'Please enter a valid email address' },
  phoneInvalid: { key: 'settings.errors.phoneInvalid', message: 'Please enter a valid phone number' },
} as const satisfies Record<string, DomainMessage>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** The part of an e-mail before the at-sign: how the wizard marks who completed a step. */
export function emailHandle(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}
