import { describe, expect, it } from 'vitest';
import { isTotpCode, mapTotpError, normalizeTotpCode } from './two-factor.utils';

describe('TOTP code input', () => {
  it.each([
    ['123456', true, '123456'],
    ['123 456', true, '123456'],
    [' 123456 ', true, '123456'],
    ['12345', false, '12345'],
    ['1234567', false, '1234567'],
    ['12a456', false, '12a456'],
    ['', false, ''],
  ])('%j -> valid %j, sent as %j', (input, isValid, normalized) => {
    expect(isTotpCode(input)).toBe(isValid);
    expect(normalizeTotpCode(input)).toBe(normalized);
  });
});

describe('mapTotpError', () => {
  it.each([
    [{ status: 401, code: 'INVALID_CODE' }, 'auth.errors.invalidCode'],
    [{ status: 400, code: 'INVALID_CODE' }, 'auth.errors.invalidCode'],
    [{ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' }, 'auth.errors.invalidCode'],
    [{ status: 401 }, 'auth.errors.invalidCode'],
    [{ status: 429 }, 'auth.errors.tooManyAttempts'],
    [{ status: 401, code: 'TOTP_CODE_ALREADY_USED' }, 'auth.errors.codeAlreadyUsed'],
    [{ status: 400, message: 'Something specific' }, 'auth.errors.server'],
    [{ status: 500 }, 'auth.errors.unexpected'],
  ])('%j -> %s', (failure, key) => {
    expect(mapTotpError(failure).key).toBe(key);
  });
});
