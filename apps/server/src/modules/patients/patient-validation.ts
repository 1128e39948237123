import { isPhoneCountry } from '@careloop/domain/clinic-locale';
import { createPatientInputSchema, patientInputSchema, patientMessages } from '@careloop/domain/patient';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';

export type FieldIssue = { field: string | null; message: string; description?: string };

function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : null;
    const isNameIssue = field === 'name';
    return isNameIssue
      ? {
          field,
          message: patientMessages.nameRequired.message,
          description: patientMessages.nameRequired.description,
        }
      : { field, message: issue.message };
  });
}

/**
 * The domain's patient rules; the first problem becomes the error's message ('Name required').
 * A phone written without a country code belongs to the clinic's country, when it has one; a
 * procedure is one of the clinic's (`procedureKey`, procedures.service), else one of the defaults.
 */
export function validatePatient(
  input: unknown,
  clinicCountry?: string | null,
  procedureKey?: (text: string) => string | undefined,
) {
  const defaultCountry = clinicCountry && isPhoneCountry(clinicCountry) ? clinicCountry : undefined;
  const schema =
    defaultCountry || procedureKey
      ? createPatientInputSchema({ defaultCountry, procedureKey })
      : patientInputSchema;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = issuesOf(parsed.error);
  throw badRequest(details[0]?.message ?? 'The request is not valid', details);
}
