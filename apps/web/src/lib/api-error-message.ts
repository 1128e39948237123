import { i18n } from '../i18n';
import { ApiError } from './api-client';

// The API's error codes (server lib/errors.ts) and the client's own NETWORK_ERROR, each with a
// translated text: the server's `message` is English, so a toast in es or tr never shows it.
const messageKeyByCode = {
  VALIDATION_ERROR: 'invalid',
  PARAMETER_UNKNOWN: 'invalid',
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
  INTERNAL: 'internal',
  NETWORK_ERROR: 'network',
} as const;

type MessageKey = (typeof messageKeyByCode)[keyof typeof messageKeyByCode] | 'unexpected';

function messageKeyOf(error: unknown): MessageKey {
  if (!(error instanceof ApiError)) return 'unexpected';
  return Object.hasOwn(messageKeyByCode, error.code)
    ? messageKeyByCode[error.code as keyof typeof messageKeyByCode]
    : 'unexpected';
}

/** The text to show for a failed request, in the interface language, chosen by the API's error code. */
export function apiErrorMessage(error: unknown): string {
  return i18n.t(`errors:api.${messageKeyOf(error)}`);
}
