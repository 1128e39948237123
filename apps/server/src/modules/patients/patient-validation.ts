import { isPhoneCountry } from '@careloop/domain/clinic-locale';
import { createPatientInputSchema, patientMessages } from '@careloop/domain/patient';
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

type ProcedureKey = (text: string) => string | undefined;
type CountryCode = NonNullable<Parameters<typeof createPatientInputSchema>[0]>['defaultCountry'];

/** The procedure reader of the call being parsed: parsing is synchronous, so no other call sees it. */
let procedureKeyOfCall: ProcedureKey = () => undefined;

/**
 * One schema per clinic country, built once: a zod object compiles its parser (`new Function`) the
 * first time it parses, and a schema built for each request paid that compilation on every add and edit.
 */
const schemasByCountry = new Map<string, ReturnType<typeof createPatientInputSchema>>();

function schemaOf(defaultCountry: CountryCode) {
  const key = defaultCountry ?? '';
  let schema = schemasByCountry.get(key);
  if (!schema) {
    schema = createPatientInputSchema({ defaultCountry, procedureKey: (text) => procedureKeyOfCall(text) });
    schemasByCountry.set(key, schema);
  }
  return schema;
}

/**
 * The domain's patient rules; the first problem becomes the error's message ('Name required').
 * A phone written without a country code belongs to the clinic's country, when it has one; a
 * procedure is one of the clinic's (`procedureKey`, procedures.service).
 */
export function validatePatient(input: unknown, clinicCountry: string | null, procedureKey: ProcedureKey) {
  const defaultCountry = clinicCountry && isPhoneCountry(clinicCountry) ? clinicCountry : undefined;
  procedureKeyOfCall = procedureKey;
  let parsed: ReturnType<ReturnType<typeof schemaOf>['safeParse']>;
  try {
    parsed = schemaOf(defaultCountry).safeParse(input);
  } finally {
    procedureKeyOfCall = () => undefined;
  }
  if (parsed.success) return parsed.data;
  const details = issuesOf(parsed.error);
  throw badRequest(details[0]?.message ?? 'The request is not valid', details);
}
