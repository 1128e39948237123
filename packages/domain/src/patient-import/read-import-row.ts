import type { CountryCode } from 'libphonenumber-js';
import type { AppLanguage } from '../clinic-locale';
import { type ClinicProcedure, defaultClinicProcedures, importedProcedure } from '../clinic-procedures';
import type { MarketingConsentState } from '../consent';
import { createPatientInputSchema, type PatientFields } from '../patient';
import { type DateOrder, readImportDate } from './import-dates';
import { importRowMessages } from './import-messages';
import type { ColumnMapping, ImportTarget } from './import-targets';
import { consentFromText, languageFromText, statusFromText } from './import-values';

export type ImportLocale = {
  region: CountryCode;
  dateOrder: DateOrder;
  /** The clinic's procedures; the seven defaults when left out. */
  procedures?: readonly ClinicProcedure[];
  /** Staff's choice in the preview for a procedure text the clinic's list does not know. */
  procedureMapping?: Readonly<Record<string, string>>;
};

export type ImportRowProblem = { field: string | null; message: string };

export type ImportedPatient = {
  fields: PatientFields;
  /** The file's procedure text when it named no procedure of the clinic's ("Other" is stored). */
  procedureOriginal: string | null;
  /** yyyy-mm-dd, or null when the row has no date. */
  procedureDate: string | null;
  /** The date text when both day-first and month-first readings are dates. */
  ambiguousDate: string | null;
  language: AppLanguage | null;
  marketingConsent: MarketingConsentState | null;
};

export type ImportRowResult =
  | { ok: true; patient: ImportedPatient }
  | { ok: false; problems: ImportRowProblem[] };

const schemas = new Map<CountryCode, ReturnType<typeof createPatientInputSchema>>();
const schemaFor = (region: CountryCode) => {
  let schema = schemas.get(region);
  if (!schema) {
    // The procedure arrives as a key already read from the clinic's list (readImportRow).
    schema = createPatientInputSchema({ defaultCountry: region, procedureKey: (key) => key });
    schemas.set(region, schema);
  }
  return schema;
};

/** The cells of a row by target; given and family names joined with a space. */
export function valuesByTarget(cells: readonly string[], mapping: ColumnMapping) {
  const values: Partial<Record<ImportTarget, string>> = {};
  mapping.forEach((target, at) => {
    if (!target) return;
    const cell = (cells[at] ?? '').trim();
    if (cell !== '') values[target] = values[target] ? `${values[target]} ${cell}` : cell;
  });
  const joined = [values.given_name, values.family_name].filter(Boolean).join(' ');
  const name = values.name ?? (joined === '' ? undefined : joined);
  return { ...values, name };
}

/**
 * One row of an import file as patient fields, read the way the clinic writes: national phones
 * in its region, dates in its order (ISO always), the clinic's procedures (an unknown one is
 * "Other" with the text kept), statuses, languages and consent in English, Spanish or Turkish. Every problem of the row is listed.
 */
export function readImportRow(
  cells: readonly string[],
  mapping: ColumnMapping,
  locale: ImportLocale,
): ImportRowResult {
  const values = valuesByTarget(cells, mapping);
  const problems: ImportRowProblem[] = [];

  const status = values.status ? statusFromText(values.status) : 'active';
  if (!status) problems.push({ field: 'status', message: importRowMessages.status.message });

  const language = values.language ? (languageFromText(values.language) ?? null) : null;
  if (values.language && !language)
    problems.push({ field: 'language', message: importRowMessages.language.message });

  const marketingConsent = values.marketing_consent
    ? (consentFromText(values.marketing_consent) ?? null)
    : null;
  if (values.marketing_consent && !marketingConsent) {
    problems.push({ field: 'marketing_consent', message: importRowMessages.consent.message });
  }

  let procedureDate: string | null = null;
  let ambiguousDate: string | null = null;
  if (values.procedure_date) {
    const reading = readImportDate(values.procedure_date, locale.dateOrder);
    if (reading.ok) {
      procedureDate = reading.isoDate;
      if (reading.ambiguous) ambiguousDate = values.procedure_date;
    } else {
      const message =
        locale.dateOrder === 'mdy' ? importRowMessages.dateMonthFirst : importRowMessages.dateDayFirst;
      problems.push({ field: 'procedure_date', message: message.message });
    }
  }

  const procedure = values.procedure
    ? importedProcedure(
        locale.procedures ?? defaultClinicProcedures,
        values.procedure,
        locale.procedureMapping,
      )
    : undefined;
  const parsed = schemaFor(locale.region).safeParse({
    name: values.name ?? '',
    email: values.email,
    phone: values.phone,
    procedure: procedure?.key,
    comment: values.comment,
    status: status ?? 'active',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : null;
      problems.push({ field, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return {
    ok: true,
    patient: {
      fields: parsed.data,
      procedureOriginal: procedure?.original ?? null,
      procedureDate,
      ambiguousDate,
      language,
      marketingConsent,
    },
  };
}
