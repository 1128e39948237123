import { type AuthFailure, authMessages } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';

export type OtpAuthDetails = {
  secret: string;
  issuer: string | null;
  account: string | null;
};

/**
 * Reads an `otpauth://totp/Issuer:account?secret=...&issuer=...` URI, so the setup key can be
 * typed into an authenticator app by hand. Returns null for anything else.
 */
export function parseOtpAuthUri(uri: string): OtpAuthDetails | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'otpauth:') return null;
  const secret = url.searchParams.get('secret');
  if (!secret) return null;
  const label = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/^totp\//, ''));
  const [labelIssuer, labelAccount] = label.includes(':') ? label.split(':', 2) : [null, label];
  return {
    secret,
    issuer: url.searchParams.get('issuer') ?? labelIssuer ?? null,
    account: labelAccount?.trim() || null,
  };
}

/** Groups a base32 secret in fours so it is easier to read and type. */
export function formatSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

const wrongPassword = {
  key: 'account.security.twoFactor.wrongPassword',
  message: 'The password is not correct.',
};
const invalidCode = {
  key: 'account.security.twoFactor.invalidCode',
  message: 'That code is not valid. Please try again.',
};

/** Failures of enabling, confirming or disabling two-factor authentication to messages. */
export function mapTwoFactorSettingsError(failure: AuthFailure): DomainMessage {
  if (failure.status === 429) return authMessages.tooManyAttempts;
  if (failure.code === 'INVALID_PASSWORD') return wrongPassword;
  if (failure.code === 'INVALID_CODE' || failure.code === 'INVALID_TWO_FACTOR_COOKIE') return invalidCode;
  const message = failure.message?.trim();
  return message ? { key: 'auth.errors.server', message } : authMessages.unexpected;
}
