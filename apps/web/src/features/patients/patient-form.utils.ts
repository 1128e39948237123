import type { CreatePatientBody, Patient } from '@careloop/contracts/patients';
import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { directionControlMessage, directionControlTextMessage } from '@careloop/domain/direction-controls';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { type PatientStatus, patientInputSchema, patientMessages } from '@careloop/domain/patient';
import { importRowMessages } from '@careloop/domain/patient-import/import-messages';

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
};

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
  };
}

/**
 * The body sent to the server; empty optional fields go as '' and are stored as null. Unticking
 * consent records a withdrawal only when consent was granted: nothing asked is not "withdrawn".
 */
export function formValuesToBody(values: PatientFormValues, patient?: Patient | null): CreatePatientBody {
  const { language, marketingConsent, ...fields } = values;
  const hadConsent = patient?.marketingConsent?.state === 'granted';
  const consent = marketingConsent ? 'granted' : hadConsent ? 'withdrawn' : undefined;
  return { ...fields, language: language === '' ? null : language, marketingConsent: consent };
}

const knownMessages: DomainMessage[] = [
  ...Object.values(patientMessages),
  ...Object.values(importRowMessages),
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
): Partial<Record<PatientFormField, DomainMessage>> {
  const parsed = patientInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<PatientFormField, DomainMessage>> = {};
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
