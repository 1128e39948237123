import {
  type AuthFailure,
  type AuthMessage,
  authMessages,
  codeAlreadyUsedCode,
  mapSignInError,
} from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';

export const invalidCodeMessage = {
  key: 'auth.errors.invalidCode',
  message: 'That code is not valid. Please try again.',
} as const satisfies DomainMessage;

const invalidCodeCodes: readonly string[] = ['INVALID_CODE', 'INVALID_TWO_FACTOR_COOKIE', 'OTP_HAS_EXPIRED'];

/** A TOTP code is six digits; spaces people type from their app are dropped. */
export function normalizeTotpCode(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(normalizeTotpCode(input));
}

/** Failures of the sign-in TOTP step to messages. */
export function mapTotpError(failure: AuthFailure): AuthMessage | typeof invalidCodeMessage {
  if (failure.status === 429) return authMessages.tooManyAttempts;
  if (failure.code === codeAlreadyUsedCode) return authMessages.codeAlreadyUsed;
  if ((failure.code && invalidCodeCodes.includes(failure.code)) || failure.status === 401) {
    return invalidCodeMessage;
  }
  return mapSignInError(failure);
}
