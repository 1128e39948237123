import type { SiteContacts } from '@careloop/contracts/site-settings';
import { companyPhone } from '@careloop/domain/company-phone';
import { z } from 'zod';

const optionalEmail = (name: string) =>
  z.email(`${name} must be one e-mail address`).or(z.literal('')).optional();

const optionalHttpsUrl = (name: string) =>
  z
    .url({ protocol: /^https$/, message: `${name} must be an https:// address` })
    .or(z.literal(''))
    .optional();

/**
 * The company's public contacts (the pages, /.well-known/security.txt): each optional, and a page
 * shows only those that are set.
 */
export const contactEnvShape = {
  /** The general address (contact page, footer). */
  CONTACT_EMAIL: optionalEmail('CONTACT_EMAIL'),
  SUPPORT_EMAIL: optionalEmail('SUPPORT_EMAIL'),
  PRIVACY_EMAIL: optionalEmail('PRIVACY_EMAIL'),
  /** Also the Contact of /.well-known/security.txt. */
  SECURITY_EMAIL: optionalEmail('SECURITY_EMAIL'),
  COMPLIANCE_EMAIL: optionalEmail('COMPLIANCE_EMAIL'),
  CAREERS_EMAIL: optionalEmail('CAREERS_EMAIL'),
  PARTNERS_EMAIL: optionalEmail('PARTNERS_EMAIL'),
  /** In international form: +34 912 345 678. */
  CONTACT_PHONE: z
    .string()
    .optional()
    .refine(
      (value) => !value || companyPhone(value) !== null,
      'CONTACT_PHONE must be a valid phone number in international form, such as +34 912 345 678',
    ),
  SOCIAL_LINKEDIN_URL: optionalHttpsUrl('SOCIAL_LINKEDIN_URL'),
  SOCIAL_X_URL: optionalHttpsUrl('SOCIAL_X_URL'),
  /** The company's postal address on one line, shown in the footer. */
  COMPANY_ADDRESS: z
    .string()
    .max(200, 'COMPANY_ADDRESS must be at most 200 characters')
    .refine((value) => !/[<>\n\r]/.test(value), 'COMPANY_ADDRESS must be one line of plain text')
    .optional(),
};

type ContactEnv = z.output<z.ZodObject<typeof contactEnvShape>> & { SALES_EMAIL?: string | undefined };

/** The contacts that are set; SALES_EMAIL is shown only when the deployer set it. */
export function siteContactsFrom(e: ContactEnv): SiteContacts {
  const phone = e.CONTACT_PHONE ? companyPhone(e.CONTACT_PHONE) : null;
  const contacts: SiteContacts = {
    hello: e.CONTACT_EMAIL,
    support: e.SUPPORT_EMAIL,
    sales: e.SALES_EMAIL,
    privacy: e.PRIVACY_EMAIL,
    security: e.SECURITY_EMAIL,
    compliance: e.COMPLIANCE_EMAIL,
    careers: e.CAREERS_EMAIL,
    partnerships: e.PARTNERS_EMAIL,
    phone: phone?.display,
    phoneTel: phone?.tel,
    linkedin: e.SOCIAL_LINKEDIN_URL,
    x: e.SOCIAL_X_URL,
    address: e.COMPANY_ADDRESS?.trim(),
  };
  return Object.fromEntries(Object.entries(contacts).filter(([, value]) => Boolean(value)));
}
