import type { CreatePatientBody, MarketingConsent, Patient } from '@careloop/contracts/patients';
import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { directionControlMessage, directionControlTextMessage } from '@careloop/domain/direction-controls';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { type PatientStatus, patientInputSchema, patientMessages } from '@careloop/domain/patient';
import { importRowMessages } from '@careloop/domain/patient-import/import-messages';
import { checkProcedureDate, procedureDateMessages, procedureDateOf } from '@careloop/domain/procedure-date';
import type { TFunction } from 'i18next';

export type PatientFormValues = {
  name: string;
  email: string;
  phone: string;
  procedure: string;
  status: PatientStatus;
  comment: string;
  /** '' writes to the patient in the clinic's default language. */
  language: AppLanguage | '';
  /** Agreed to receive offers (cross-sell). */
  marketingConsent: boolean;
  /** The treatment day (YYYY-MM-DD) in the clinic's time zone; '' leaves it to the server (today on add). */
  procedureDate: string;
};
export type PatientFormField = keyof PatientFormValues;

export const emptyPatientForm: PatientFormValues = {
  name: '',
  email: '',
  phone: '',
  procedure: '',
  status: 'active',
  comment: '',
  language: '',
  marketingConsent: false,
  procedureDate: '',
};

/** The browser's zone, for a clinic whose zone is not known yet. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A new patient's form: the procedure date is today in the clinic's zone, as the spec sets it. */
export function newPatientForm(timeZone = browserTimeZone(), now = new Date()): PatientFormValues {
  return { ...emptyPatientForm, procedureDate: procedureDateOf(now, timeZone) };
}

export function patientToFormValues(patient: Patient): PatientFormValues {
  return {
    name: patient.name,
    email: patient.email ?? '',
    phone: patient.phone ?? '',
    procedure: patient.procedure ?? '',
    status: patient.status,
    comment: patient.comment ?? '',
    language: patient.language ?? '',
    marketingConsent: patient.marketingConsent?.state === 'granted',
    procedureDate: patient.procedureDate ?? '',
  };
}

/**
 * The body sent to the server; empty optional fields go as '' and are stored as null. Unticking
 * consent records a withdrawal only when consent was granted: nothing asked is not "withdrawn".
 */
export function formValuesToBody(values: PatientFormValues, patient?: Patient | null): CreatePatientBody {
  const { language, marketingConsent, procedureDate, ...fields } = values;
  const hadConsent = patient?.marketingConsent?.state === 'granted';
  const consent = marketingConsent ? 'granted' : hadConsent ? 'withdrawn' : undefined;
  // The date goes when set and, on edit, changed: saving other fields leaves the stored one as it is.
  const dateChanged = procedureDate !== '' && procedureDate !== (patient?.procedureDate ?? '');
  return {
    ...fields,
    language: language === '' ? null : language,
    marketingConsent: consent,
    ...(dateChanged ? { procedureDate } : {}),
  };
}

const knownMessages: DomainMessage[] = [
  ...Object.values(patientMessages),
  ...Object.values(importRowMessages),
  ...Object.values(procedureDateMessages),
  directionControlMessage,
  directionControlTextMessage,
];

/** A server or schema message as a translatable domain message (unknown text passes through). */
export function toPatientMessage(message: string): DomainMessage {
  return (
    knownMessages.find((known) => known.message === message) ?? { key: 'patients.errors.server', message }
  );
}

const formFields = new Set<string>(Object.keys(emptyPatientForm));

/** The domain's patient rules (the same the server applies), as one message per field. */
export function validatePatientForm(
  values: PatientFormValues,
  timeZone = browserTimeZone(),
  now = new Date(),
): Partial<Record<PatientFormField, DomainMessage>> {
  const errors: Partial<Record<PatientFormField, DomainMessage>> = {};
  if (values.procedureDate !== '') {
    const date = checkProcedureDate(values.procedureDate, now, timeZone);
    if (!date.ok) errors.procedureDate = date.message;
  }
  const parsed = patientInputSchema.safeParse(values);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!formFields.has(field) || errors[field as PatientFormField]) continue;
    errors[field as PatientFormField] =
      field === 'name' && issue.message !== directionControlMessage.message
        ? patientMessages.nameRequired
        : toPatientMessage(issue.message);
  }
  return errors;
}

/** Field errors from a 400 answer's `details` ([{ field, message }]). */
export function serverFieldErrors(details: unknown): Partial<Record<PatientFormField, DomainMessage>> {
  if (!Array.isArray(details)) return {};
  const errors: Partial<Record<PatientFormField, DomainMessage>> = {};
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && formFields.has(field) && typeof message === 'string') {
      errors[field as PatientFormField] = toPatientMessage(message);
    }
  }
  return errors;
}

/**
 * When and from where the consent on record was given or withdrawn: the day in the reader's
 * language on the clinic's calendar (the browser's until /api/me has answered).
 */
export function consentDescription(
  t: TFunction<'patients'>,
  consent: MarketingConsent | null | undefined,
  language: string,
  timeZone?: string,
): string {
  if (!consent) return t('form.marketingConsentNone');
  return t(`form.marketingConsentRecorded.${consent.state}`, {
    date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(consent.at)),
    source: t(`consentSources.${consent.source}`),
  });
}
