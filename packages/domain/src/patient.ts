import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { directionControlMessage, hasDirectionControl } from './direction-controls';

export const patientStatuses = ['active', 'completed', 'watch', 'red'] as const;
export type PatientStatus = (typeof patientStatuses)[number];

export const defaultPatientStatus: PatientStatus = 'active';

export const patientStatusLabels = {
  active: 'Active',
  completed: 'Completed',
  watch: 'Watch',
  red: 'Critical',
} as const satisfies Record<PatientStatus, string>;

export const procedureOptions = [
  'Hair Transplant',
  'Dental Implant',
  'Plastic Surgery',
  'PRP Treatment',
  'Teeth Whitening',
  'Root Canal',
  'Other',
] as const;
export type Procedure = (typeof procedureOptions)[number];

export const patientMessages = {
  nameRequired: {
    key: 'patients.errors.nameRequired',
    message: 'Name required',
    description: "Please enter the patient's name.",
  },
  invalidEmail: { key: 'patients.errors.invalidEmail', message: 'Please enter a valid email address' },
  invalidPhone: { key: 'patients.errors.invalidPhone', message: 'Please enter a valid phone number' },
  invalidProcedure: { key: 'patients.errors.invalidProcedure', message: 'Please choose a listed procedure' },
} as const;

export class InvalidPhoneNumberError extends Error {
  readonly code = 'INVALID_PHONE_NUMBER';

  constructor(readonly input: string) {
    super(patientMessages.invalidPhone.message);
    this.name = 'InvalidPhoneNumberError';
  }
}

type PhoneParse = { ok: true; e164: string | null } | { ok: false };

function parsePhone(raw: string | null | undefined, defaultCountry: CountryCode | undefined): PhoneParse {
  const trimmed = raw?.trim() ?? '';
  if (trimmed === '') return { ok: true, e164: null };
  // extract: false so that "call +1 415 555 2671 today" is rejected rather than silently mined for digits.
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry, extract: false });
  return parsed?.isValid() ? { ok: true, e164: parsed.number } : { ok: false };
}

/**
 * Normalises a phone number to E.164 ('+14155552671'). Blank input gives null (phone is
 * optional); a number that cannot be valid throws InvalidPhoneNumberError. Without a default
 * country the number must be written in international form (leading '+').
 */
export function normalizePhone(raw: string | null | undefined, defaultCountry?: CountryCode): string | null {
  const result = parsePhone(raw, defaultCountry);
  if (!result.ok) throw new InvalidPhoneNumberError(raw ?? '');
  return result.e164;
}

export function isValidPhone(raw: string, defaultCountry?: CountryCode): boolean {
  const result = parsePhone(raw, defaultCountry);
  return result.ok && result.e164 !== null;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const optionalText = () => z.string().nullish().transform(blankToNull);

/**
 * Patient add/edit input. Optional fields arrive as '' from forms and are stored as null; the
 * phone is stored in E.164 so that matching and messaging compare like with like.
 */
export function createPatientInputSchema(
  options: {
    defaultCountry?: CountryCode;
    /**
     * The key of the clinic's procedure a text names (clinic-procedures.ts), undefined when it names
     * none; without it, one of the seven default procedures as written.
     */
    procedureKey?: (text: string) => string | undefined;
  } = {},
) {
  const { procedureKey } = options;
  return z.object({
    name: z
      .string({ error: patientMessages.nameRequired.message })
      .trim()
      .min(1, patientMessages.nameRequired.message)
      .refine((name) => !hasDirectionControl(name), directionControlMessage.message),
    email: optionalText().pipe(z.email(patientMessages.invalidEmail.message).nullable()),
    phone: z
      .string()
      .nullish()
      .transform((value, ctx) => {
        const result = parsePhone(value, options.defaultCountry);
        if (result.ok) return result.e164;
        ctx.issues.push({ code: 'custom', message: patientMessages.invalidPhone.message, input: value });
        return z.NEVER;
      }),
    procedure: procedureKey
      ? optionalText().transform((value, ctx) => {
          if (value === null) return null;
          const key = procedureKey(value);
          if (key !== undefined) return key;
          ctx.issues.push({
            code: 'custom',
            message: patientMessages.invalidProcedure.message,
            input: value,
          });
          return z.NEVER;
        })
      : optionalText().pipe(z.enum(procedureOptions, patientMessages.invalidProcedure.message).nullable()),
    comment: optionalText(),
    status: z.enum(patientStatuses).default(defaultPatientStatus),
  });
}

export const patientInputSchema = createPatientInputSchema();
export type PatientInput = z.input<typeof patientInputSchema>;
export type PatientFields = z.output<typeof patientInputSchema>;

export const patientIdPrefix = 'P-';

/**
 * 'P-' plus the millisecond timestamp, as the spec says. Two patients created in the same
 * millisecond would collide, so a taken id gets '-2', '-3', ... appended.
 */
export function makePatientId(now: Date, taken?: { has(id: string): boolean }): string {
  const timestamp = now.getTime();
  if (!Number.isFinite(timestamp)) throw new RangeError('makePatientId needs a valid date');
  const base = `${patientIdPrefix}${timestamp}`;
  if (!taken?.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/**
 * Ids for many patients created at one instant (an import): the same sequence makePatientId walks
 * ('P-<ms>', then '-2', '-3' ...), but the position is kept between calls, so n ids cost n lookups
 * (plus the taken ones skipped), not the 1 + 2 + ... + n of asking makePatientId for each.
 */
export function patientIdAllocator(now: Date, taken: { has(id: string): boolean }): () => string {
  const base = makePatientId(now);
  let suffix = 1;
  return () => {
    for (;;) {
      const id = suffix === 1 ? base : `${base}-${suffix}`;
      suffix += 1;
      if (!taken.has(id)) return id;
    }
  };
}
