// The enterprise contact request's schema, apart from its constants (enterprise-contact.ts) so that
// the pages showing the constants do not load zod.
import { z } from 'zod';
import {
  contractTypes,
  type EnterpriseContactTextField,
  enterpriseContactLimits,
  enterpriseContactMessages,
  enterpriseTooLongMessage,
  volumeRanges,
} from './enterprise-contact';

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const tooLong = (field: EnterpriseContactTextField) =>
  [enterpriseContactLimits[field], enterpriseTooLongMessage(field)] as const;
const requiredText = (field: EnterpriseContactTextField, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(...tooLong(field));
const optionalText = (field: EnterpriseContactTextField) =>
  z
    .string()
    .trim()
    .max(...tooLong(field))
    .nullish()
    .transform(blankToNull);

/**
 * Enterprise contact dialog. The contract type is optional and null when no card was chosen:
 * the spec does not list it among the required fields, and a default would invent an intent.
 */
export const enterpriseContactSchema = z.object({
  contactName: requiredText('contactName', enterpriseContactMessages.contactNameRequired.message),
  contactEmail: z
    .string({ error: enterpriseContactMessages.contactEmailInvalid.message })
    .trim()
    .max(...tooLong('contactEmail'))
    .pipe(z.email(enterpriseContactMessages.contactEmailInvalid.message)),
  contactPhone: optionalText('contactPhone'),
  companyName: requiredText('companyName', enterpriseContactMessages.companyNameRequired.message),
  estimatedMonthlyVolume: z.enum(volumeRanges, enterpriseContactMessages.volumeRequired.message),
  currentSolution: optionalText('currentSolution'),
  specificRequirements: optionalText('specificRequirements'),
  preferredContractType: z
    .enum(contractTypes)
    .nullish()
    .transform((value) => value ?? null),
});
export type EnterpriseContactInput = z.input<typeof enterpriseContactSchema>;
export type EnterpriseContact = z.output<typeof enterpriseContactSchema>;
