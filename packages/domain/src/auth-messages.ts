import type { DomainMessage } from './domain-message';

/** Password rules (ADR 028: 8, not the spec's 6); the common-password list lives on the server. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const authMessages = {
  missingCredentials: {
    key: 'auth.errors.missingCredentials',
    message: 'Please enter both email and password',
  },
  missingSignUpFields: { key: 'auth.errors.missingFields', message: 'Please fill in all required fields' },
  passwordTooShort: {
    key: 'auth.errors.passwordTooShort',
    message: 'Password must be at least 8 characters long',
  },
  passwordTooLong: {
    key: 'auth.errors.passwordTooLong',
    message: 'Password must be at most 128 characters long',
  },
  passwordTooCommon: {
    key: 'auth.errors.passwordTooCommon',
    message: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  },
  invalidCredentials: {
    key: 'auth.errors.invalidCredentials',
    message: 'Invalid email or password. Please check your credentials and try again.',
  },
  emailNotConfirmed: {
    key: 'auth.errors.emailNotConfirmed',
    message: 'Please check your email and click the confirmation link before signing in.',
  },
  tooManyAttempts: {
    key: 'auth.errors.tooManyAttempts',
    message: 'Too many login attempts. Please wait before trying again.',
  },
  accountLocked: {
    key: 'auth.errors.accountLocked',
    message:
      'Too many failed sign-in attempts for this account. Please try again in a few minutes, or reset your password.',
  },
  codeAlreadyUsed: {
    key: 'auth.errors.codeAlreadyUsed',
    message: 'This code has already been used. Please wait for the next code from your authenticator app.',
  },
  accountExists: {
    key: 'auth.errors.accountExists',
    message: 'An account with this email already exists. Please sign in instead.',
  },
  wrongAddress: {
    key: 'auth.errors.wrongAddress',
    message:
      'CareLoop does not accept sign-ins from this address. Open CareLoop at its usual address and try again.',
  },
  unexpected: { key: 'auth.errors.unexpected', message: 'An unexpected error occurred' },
} as const satisfies Record<string, DomainMessage>;

/**
 * The server's own text, shown unchanged (spec: "other messages are shown unchanged"). The web
 * app shows `message` as is for this key instead of translating it.
 */
export const serverMessageKey = 'auth.errors.server';

export type AuthMessageKey =
  | (typeof authMessages)[keyof typeof authMessages]['key']
  | typeof serverMessageKey;
export type AuthMessage = DomainMessage<AuthMessageKey>;

const isBlank = (value: string | null | undefined) => (value?.trim() ?? '') === '';

export function validateSignInInput(input: { email: string; password: string }): AuthMessage | null {
  return isBlank(input.email) || input.password === '' ? authMessages.missingCredentials : null;
}

/** Email, password, first name and practice name are required; last name is optional. */
export function validateSignUpInput(input: {
  email: string;
  password: string;
  firstName: string;
  lastName?: string | null;
  practiceName: string;
}): AuthMessage | null {
  if ([input.email, input.firstName, input.practiceName].some(isBlank) || input.password === '') {
    return authMessages.missingSignUpFields;
  }
  return checkPasswordLength(input.password);
}

/** The length rule, which the forms check as the user types; the server also checks the common list. */
export function checkPasswordLength(password: string): AuthMessage | null {
  if (password.length < passwordMinLength) return authMessages.passwordTooShort;
  if (password.length > passwordMaxLength) return authMessages.passwordTooLong;
  return null;
}

/**
 * A new password (sign-up, reset, change): long enough, not too long, and not in the list of
 * common passwords, compared without regard to case.
 */
export function checkNewPassword(
  password: string,
  isCommonPassword: (lowerCased: string) => boolean,
): AuthMessage | null {
  return (
    checkPasswordLength(password) ??
    (isCommonPassword(password.toLowerCase()) ? authMessages.passwordTooCommon : null)
  );
}

/** The codes the server answers for a refused new password, to their messages. */
export const passwordErrorCodes = {
  PASSWORD_TOO_SHORT: authMessages.passwordTooShort,
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
  PASSWORD_TOO_COMMON: authMessages.passwordTooCommon,
} as const satisfies Record<string, AuthMessage>;

export function mapPasswordError(failure: AuthFailure): AuthMessage | null {
  const code = failure.code ?? '';
  return Object.hasOwn(passwordErrorCodes, code)
    ? passwordErrorCodes[code as keyof typeof passwordErrorCodes]
    : null;
}

/** What the auth endpoint answered: better-auth's status and code, or a legacy text message. */
export type AuthFailure = {
  readonly status?: number | null;
  readonly code?: string | null;
  readonly message?: string | null;
};

/** The server's code for a sign-in refused because the account is locked (per-account lockout). */
export const accountLockedCode = 'ACCOUNT_LOCKED';
/** The server's code for a TOTP code accepted before (one use per code). */
export const codeAlreadyUsedCode = 'TOTP_CODE_ALREADY_USED';

const mentions = (message: string | null | undefined, text: string) =>
  message?.toLowerCase().includes(text.toLowerCase()) ?? false;

/** better-auth's refusals of a page opened at an origin it does not trust (e.g. 127.0.0.1 for localhost). */
const originRefusalCodes: readonly string[] = ['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN'];

function passThrough(failure: AuthFailure): AuthMessage {
  if (
    (failure.code && originRefusalCodes.includes(failure.code)) ||
    mentions(failure.message, 'Invalid origin')
  ) {
    return authMessages.wrongAddress;
  }
  const message = failure.message?.trim() ?? '';
  return message === '' ? authMessages.unexpected : { key: serverMessageKey, message };
}

/**
 * Sign-in failures to the spec's messages. A bare 401 counts as bad credentials (it is the only
 * 401 sign-in gives); a bare 403 does not count as unverified, since better-auth also answers 403
 * for a missing or untrusted Origin.
 */
export function mapSignInError(failure: AuthFailure): AuthMessage {
  const { status, code, message } = failure;
  if (code === accountLockedCode) return authMessages.accountLocked;
  if (status === 429 || mentions(message, 'Too many requests')) return authMessages.tooManyAttempts;
  if (code === 'EMAIL_NOT_VERIFIED' || mentions(message, 'Email not confirmed')) {
    return authMessages.emailNotConfirmed;
  }
  if (
    code === 'INVALID_EMAIL_OR_PASSWORD' ||
    status === 401 ||
    mentions(message, 'Invalid login credentials')
  ) {
    return authMessages.invalidCredentials;
  }
  return passThrough(failure);
}

const accountExistsCodes: readonly string[] = [
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
];

export function mapSignUpError(failure: AuthFailure): AuthMessage {
  const { code, message } = failure;
  if ((code && accountExistsCodes.includes(code)) || mentions(message, 'already registered')) {
    return authMessages.accountExists;
  }
  const passwordProblem = mapPasswordError(failure);
  if (passwordProblem) return passwordProblem;
  return passThrough(failure);
}
