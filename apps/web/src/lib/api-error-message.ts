import { planNames } from '@careloop/domain/plans';
import { i18n } from '../i18n';
import { ApiError } from './api-client';

// The API's error codes (server lib/errors.ts) and the client's own NETWORK_ERROR, each with a
// translated text: the server's `message` is English, so a toast in es or tr never shows it.
const messageKeyByCode = {
  VALIDATION_ERROR: 'invalid',
  PARAMETER_UNKNOWN: 'invalid',
  BODY_TOO_DEEP: 'invalid',
  UNAUTHENTICATED: 'signedOut',
  SESSION_IDLE: 'sessionIdle',
  NO_CLINIC: 'noClinic',
  FORBIDDEN: 'forbidden',
  PLAN_REQUIRED: 'planRequired',
  NOT_FOUND: 'notFound',
  CONFLICT: 'conflict',
  IDEMPOTENCY_KEY_REUSED: 'conflict',
  RATE_LIMITED: 'rateLimited',
  PAYLOAD_TOO_LARGE: 'tooLarge',
  SHUTTING_DOWN: 'shuttingDown',
  INTERNAL: 'internal',
  NETWORK_ERROR: 'network',
} as const;

type MessageKey =
  | (typeof messageKeyByCode)[keyof typeof messageKeyByCode]
  | 'unexpected'
  | 'patientLimitExceeded';

type PatientLimitDetails = { key: string; limit: number; current: number; upgradeTo: string };

// The server's patient-limit refusal is a PLAN_REQUIRED whose details carry its domain key and
// figures; the generic "your plan does not include this feature" would be wrong for it.
function patientLimitOf(error: ApiError): PatientLimitDetails | null {
  const details = error.details as Partial<PatientLimitDetails> | null | undefined;
  if (error.code !== 'PLAN_REQUIRED' || typeof details !== 'object' || details === null) return null;
  const { key, limit, current, upgradeTo } = details;
  return key === 'plans.errors.patientLimitExceeded' &&
    typeof limit === 'number' &&
    typeof current === 'number' &&
    typeof upgradeTo === 'string'
    ? { key, limit, current, upgradeTo }
    : null;
}

function messageKeyOf(error: unknown): MessageKey {
  if (!(error instanceof ApiError)) return 'unexpected';
  return Object.hasOwn(messageKeyByCode, error.code)
    ? messageKeyByCode[error.code as keyof typeof messageKeyByCode]
    : 'unexpected';
}

/** The text to show for a failed request, in the interface language, chosen by the API's error code. */
export function apiErrorMessage(error: unknown): string {
  const limit = error instanceof ApiError ? patientLimitOf(error) : null;
  if (limit) {
    return i18n.t('errors:api.patientLimitExceeded', {
      limit: limit.limit,
      current: limit.current,
      plan: Object.hasOwn(planNames, limit.upgradeTo)
        ? planNames[limit.upgradeTo as keyof typeof planNames]
        : limit.upgradeTo,
    });
  }
  return i18n.t(`errors:api.${messageKeyOf(error)}`);
}
