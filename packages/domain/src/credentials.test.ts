import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOnboardingAccessToken,
  checkOnboardingAccountSid,
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateSmsCredentials,
  validateWhatsAppAccessToken,
} from './credentials';

const eaa = (length: number) => `EAA${'x'.repeat(length - 3)}`;
const sid = (length: number) => `AC${'0'.repeat(length - 2)}`;

describe('validateWhatsAppAccessToken', () => {
  it.each([
    ['', 'Access token is required'],
    ['   ', 'Access token is required'],
    ['abc', "WhatsApp Access Token must start with 'EAA'"],
    [`eaa${'x'.repeat(97)}`, "WhatsApp Access Token must start with 'EAA'"],
    [`X${eaa(99)}`, "WhatsApp Access Token must start with 'EAA'"],
    ['EAA', 'Token appears to be too short'],
    [eaa(99), 'Token appears to be too short'],
    [` ${eaa(99)} `, 'Token appears to be too short'],
    [eaa(100), null],
    [`${eaa(100)}\n`, null],
    [eaa(250), null],
  ])('%j -> %j', (token, message) => {
    expect(validateWhatsAppAccessToken(token)?.message ?? null).toBe(message);
  });

  it('accepts every EAA token of 100 characters or more', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 97, maxLength: 400 }), (rest) => {
        const token = `EAA${rest.trim().padEnd(97, 'x')}`;
        expect(validateWhatsAppAccessToken(token)).toBeNull();
      }),
    );
  });
});

describe('validateSmsAccountSid', () => {
  it.each([
    ['', 'Account SID is required'],
    ['SK0000000000000000000000000000000', "Account SID must start with 'AC'"],
    ['ac00000000000000000000000000000000', "Account SID must start with 'AC'"],
    [sid(33), 'SID must be exactly 34 characters'],
    [sid(34), null],
    [` ${sid(34)} `, null],
    [sid(35), 'SID must be exactly 34 characters'],
  ])('%j -> %j', (value, message) => {
    expect(validateSmsAccountSid(value)?.message ?? null).toBe(message);
  });

  it('accepts an AC SID only at exactly 34 characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), (length) => {
        expect(validateSmsAccountSid(sid(length)) === null).toBe(length === 34);
      }),
    );
  });
});

describe('validateSmsAuthToken', () => {
  it.each([
    ['', 'Auth token is required'],
    ['a'.repeat(31), 'Auth token appears to be too short'],
    ['a'.repeat(32), null],
    ['a'.repeat(33), null],
  ])('%j -> %j', (value, message) => {
    expect(validateSmsAuthToken(value)?.message ?? null).toBe(message);
  });
});

describe('validateSmsCredentials', () => {
  it.each([
    [sid(34), 'a'.repeat(32), {}],
    [sid(33), 'a'.repeat(32), { accountSid: 'credentials.errors.accountSidLength' }],
    [
      '',
      'short',
      {
        accountSid: 'credentials.errors.accountSidRequired',
        authToken: 'credentials.errors.authTokenTooShort',
      },
    ],
  ])('%j / %j', (accountSid, authToken, keys) => {
    const errors = validateSmsCredentials({ accountSid, authToken });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.key]))).toEqual(
      keys,
    );
  });
});

describe('onboarding variants', () => {
  it.each([
    ['', null],
    ['EAAabc', null],
    ['abc', 'Token should start with "EAA"'],
  ])('access token %j -> %j', (value, message) => {
    expect(checkOnboardingAccessToken(value)?.message ?? null).toBe(message);
  });

  it.each([
    ['', null],
    ['AC123', null],
    ['SK123', 'Account SID should start with "AC"'],
  ])('account SID %j -> %j', (value, message) => {
    expect(checkOnboardingAccountSid(value)?.message ?? null).toBe(message);
  });
});
