import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The company's public phone, written in international form (+34 912 345 678): as people read it
 * and as a tel: link takes it; null when it is not a valid number.
 */
export function companyPhone(raw: string): { display: string; tel: string } | null {
  if (!raw.trim().startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(raw.trim());
  if (!parsed?.isValid()) return null;
  return { display: parsed.formatInternational(), tel: parsed.number };
}
