import type { DomainMessage } from './domain-message';

export const whatsAppAccessTokenPrefix = 'EAA';
export const whatsAppAccessTokenMinLength = 100;
export const smsAccountSidPrefix = 'AC';
export const smsAccountSidLength = 34;
export const smsAuthTokenMinLength = 32;

export const credentialMessages = {
  accessTokenRequired: { key: 'credentials.errors.accessTokenRequired', message: 'Access token is required' },
  accessTokenPrefix: {
    key: 'credentials.errors.accessTokenPrefix',
    message: "WhatsApp Access Token must start with 'EAA'",
  },
  accessTokenTooShort: {
    key: 'credentials.errors.accessTokenTooShort',
    message: 'Token appears to be too short',
  },
  // The spec words no message for a missing SID or auth token, or a SID without 'AC' in
  // settings; these follow the pattern of the WhatsApp messages.
  accountSidRequired: { key: 'credentials.errors.accountSidRequired', message: 'Account SID is required' },
  accountSidPrefix: {
    key: 'credentials.errors.accountSidPrefix',
    message: "Account SID must start with 'AC'",
  },
  accountSidLength: {
    key: 'credentials.errors.accountSidLength',
    message: 'SID must be exactly 34 characters',
  },
  authTokenRequired: { key: 'credentials.errors.authTokenRequired', message: 'Auth token is required' },
  authTokenTooShort: {
    key: 'credentials.errors.authTokenTooShort',
    message: 'Auth token appears to be too short',
  },
} as const satisfies Record<string, DomainMessage>;

export type CredentialMessageKey = (typeof credentialMessages)[keyof typeof credentialMessages]['key'];
export type CredentialError = DomainMessage<CredentialMessageKey>;

// Values are checked trimmed: a token pasted with a trailing newline is the same token, and
// should be saved trimmed.

/** Required, starts with 'EAA', at least 100 characters; the first failing rule wins. */
export function validateWhatsAppAccessToken(value: string): CredentialError | null {
  const token = value.trim();
  if (token === '') return credentialMessages.accessTokenRequired;
  if (!token.startsWith(whatsAppAccessTokenPrefix)) return credentialMessages.accessTokenPrefix;
  if (token.length < whatsAppAccessTokenMinLength) return credentialMessages.accessTokenTooShort;
  return null;
}

/** Required, starts with 'AC', exactly 34 characters. */
export function validateSmsAccountSid(value: string): CredentialError | null {
  const sid = value.trim();
  if (sid === '') return credentialMessages.accountSidRequired;
  if (!sid.startsWith(smsAccountSidPrefix)) return credentialMessages.accountSidPrefix;
  if (sid.length !== smsAccountSidLength) return credentialMessages.accountSidLength;
  return null;
}

/** Required, at least 32 characters. */
export function validateSmsAuthToken(value: string): CredentialError | null {
  const token = value.trim();
  if (token === '') return credentialMessages.authTokenRequired;
  if (token.length < smsAuthTokenMinLength) return credentialMessages.authTokenTooShort;
  return null;
}

/** Field errors for the settings SMS form; an empty object means it may be saved. */
export function validateSmsCredentials(input: {
  accountSid: string;
  authToken: string;
}): Partial<Record<'accountSid' | 'authToken', CredentialError>> {
  const accountSid = validateSmsAccountSid(input.accountSid);
  const authToken = validateSmsAuthToken(input.authToken);
  return { ...(accountSid && { accountSid }), ...(authToken && { authToken }) };
}

export const onboardingMessages = {
  validationErrorTitle: { key: 'onboarding.errors.validationTitle', message: 'Validation Error' },
  requiredFieldsMissing: {
    key: 'onboarding.errors.requiredFieldsMissing',
    message: 'Please fill in all required fields before continuing',
  },
  accessTokenPrefix: { key: 'onboarding.errors.accessTokenPrefix', message: 'Token should start with "EAA"' },
  accountSidPrefix: {
    key: 'onboarding.errors.accountSidPrefix',
    message: 'Account SID should start with "AC"',
  },
} as const satisfies Record<string, DomainMessage>;

/**
 * The wizard's own prefix checks, with its own wording. A blank value passes here: the wizard
 * reports missing fields with requiredFieldsMissing instead.
 */
export function checkOnboardingAccessToken(value: string): DomainMessage | null {
  const token = value.trim();
  return token === '' || token.startsWith(whatsAppAccessTokenPrefix)
    ? null
    : onboardingMessages.accessTokenPrefix;
}

export function checkOnboardingAccountSid(value: string): DomainMessage | null {
  const sid = value.trim();
  return sid === '' || sid.startsWith(smsAccountSidPrefix) ? null : onboardingMessages.accountSidPrefix;
}
