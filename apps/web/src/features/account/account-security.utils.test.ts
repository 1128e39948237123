import { describe, expect, it } from 'vitest';
import { formatSecret, mapTwoFactorSettingsError, parseOtpAuthUri } from './account-security.utils';

describe('parseOtpAuthUri', () => {
  it.each([
    [
      'otpauth://totp/CareLoop:ada%40smile.example?secret=JBSWY3DPEHPK3PXP&issuer=CareLoop',
      { secret: 'JBSWY3DPEHPK3PXP', issuer: 'CareLoop', account: 'ada@smile.example' },
    ],
    [
      'otpauth://totp/ada%40smile.example?secret=ABC&issuer=Care%20Loop&digits=6',
      { secret: 'ABC', issuer: 'Care Loop', account: 'ada@smile.example' },
    ],
    ['otpauth://totp/CareLoop:ada?secret=ABC', { secret: 'ABC', issuer: 'CareLoop', account: 'ada' }],
    ['otpauth://totp/CareLoop:ada', null],
    ['https://example.com/?secret=ABC', null],
    ['not a uri', null],
  ])('%s', (uri, expected) => {
    expect(parseOtpAuthUri(uri)).toEqual(expected);
  });
});

describe('formatSecret', () => {
  it.each([
    ['JBSWY3DPEHPK3PXP', 'JBSW Y3DP EHPK 3PXP'],
    ['ABCDEF', 'ABCD EF'],
    ['AB CD', 'ABCD'],
    ['', ''],
  ])('%j -> %j', (secret, expected) => {
    expect(formatSecret(secret)).toBe(expected);
  });
});

describe('mapTwoFactorSettingsError', () => {
  it.each([
    [{ status: 400, code: 'INVALID_PASSWORD' }, 'account.security.twoFactor.wrongPassword'],
    [{ status: 401, code: 'INVALID_CODE' }, 'account.security.twoFactor.invalidCode'],
    [{ status: 429 }, 'auth.errors.tooManyAttempts'],
    [{ status: 400, message: 'TOTP already enabled' }, 'auth.errors.server'],
    [{ status: 500 }, 'auth.errors.unexpected'],
  ])('%j -> %s', (failure, key) => {
    expect(mapTwoFactorSettingsError(failure).key).toBe(key);
  });
});
