import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  mapPasswordError,
  mapSignInError,
  mapSignUpError,
  validateSignInInput,
  validateSignUpInput,
} from './auth-messages';

describe('validateSignInInput', () => {
  it.each([
    ['a@b.co', 'secret', null],
    ['', 'secret', 'Please enter both email and password'],
    ['  ', 'secret', 'Please enter both email and password'],
    ['a@b.co', '', 'Please enter both email and password'],
    ['', '', 'Please enter both email and password'],
  ])('%j / %j -> %j', (email, password, message) => {
    expect(validateSignInInput({ email, password })?.message ?? null).toBe(message);
  });
});

describe('validateSignUpInput', () => {
  const valid = { email: 'a@b.co', password: 'tidal-harbor', firstName: 'Ada', practiceName: 'Smile Clinic' };

  it.each([
    [{}, null],
    [{ lastName: '' }, null],
    [{ email: '' }, 'Please fill in all required fields'],
    [{ password: '' }, 'Please fill in all required fields'],
    [{ firstName: ' ' }, 'Please fill in all required fields'],
    [{ practiceName: '' }, 'Please fill in all required fields'],
    [{ password: '1234567' }, 'Password must be at least 8 characters long'],
    [{ password: '12345678' }, null],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
    [{ email: '', password: '1' }, 'Please fill in all required fields'],
  ])('%j -> %j', (change, message) => {
    expect(validateSignUpInput({ ...valid, ...change })?.message ?? null).toBe(message);
  });
});

describe('mapSignInError', () => {
  const invalid = 'Invalid email or password. Please check your credentials and try again.';
  const unconfirmed = 'Please check your email and click the confirmation link before signing in.';
  const tooMany = 'Too many login attempts. Please wait before trying again.';

  it.each([
    [
      { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      'auth.errors.invalidCredentials',
      invalid,
    ],
    [{ status: 401 }, 'auth.errors.invalidCredentials', invalid],
    [{ message: 'Invalid login credentials' }, 'auth.errors.invalidCredentials', invalid],
    [
      { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      'auth.errors.emailNotConfirmed',
      unconfirmed,
    ],
    [{ message: 'Email not confirmed' }, 'auth.errors.emailNotConfirmed', unconfirmed],
    [{ status: 429 }, 'auth.errors.tooManyAttempts', tooMany],
    [
      { status: 429, message: 'Too many requests. Please try again later.' },
      'auth.errors.tooManyAttempts',
      tooMany,
    ],
    [{ message: 'Too many requests' }, 'auth.errors.tooManyAttempts', tooMany],
    [
      { status: 429, code: 'ACCOUNT_LOCKED', message: 'locked' },
      'auth.errors.accountLocked',
      'Too many failed sign-in attempts for this account. Please try again in a few minutes, or reset your password.',
    ],
    [
      { status: 403, code: 'INVALID_ORIGIN', message: 'Invalid origin' },
      'auth.errors.wrongAddress',
      'CareLoop does not accept sign-ins from this address. Open CareLoop at its usual address and try again.',
    ],
    [
      { status: 403, code: 'MISSING_OR_NULL_ORIGIN', message: 'Missing or null Origin' },
      'auth.errors.wrongAddress',
      'CareLoop does not accept sign-ins from this address. Open CareLoop at its usual address and try again.',
    ],
    [
      { status: 403, code: 'FORBIDDEN', message: 'Invalid origin' },
      'auth.errors.wrongAddress',
      'CareLoop does not accept sign-ins from this address. Open CareLoop at its usual address and try again.',
    ],
    [{ status: 500, message: 'Database unavailable' }, 'auth.errors.server', 'Database unavailable'],
    [{ status: 500, message: '' }, 'auth.errors.unexpected', 'An unexpected error occurred'],
    [{}, 'auth.errors.unexpected', 'An unexpected error occurred'],
    [{ message: null, code: null, status: null }, 'auth.errors.unexpected', 'An unexpected error occurred'],
  ])('%j -> %s', (failure, key, message) => {
    expect(mapSignInError(failure)).toEqual({ key, message });
  });
});

describe('mapSignUpError', () => {
  const exists = 'An account with this email already exists. Please sign in instead.';

  it.each([
    [{ message: 'User already registered' }, 'auth.errors.accountExists', exists],
    [{ status: 422, code: 'USER_ALREADY_EXISTS' }, 'auth.errors.accountExists', exists],
    [
      { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'x' },
      'auth.errors.accountExists',
      exists,
    ],
    [
      { status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' },
      'auth.errors.passwordTooShort',
      'Password must be at least 8 characters long',
    ],
    [
      { status: 400, code: 'PASSWORD_TOO_COMMON', message: 'common' },
      'auth.errors.passwordTooCommon',
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    ],
    [{ status: 400, code: 'SOMETHING_ELSE', message: 'Other' }, 'auth.errors.server', 'Other'],
    [{}, 'auth.errors.unexpected', 'An unexpected error occurred'],
  ])('%j -> %s', (failure, key, message) => {
    expect(mapSignUpError(failure)).toEqual({ key, message });
  });
});

describe('checkNewPassword', () => {
  const common = new Set(['123456', 'password', '12345678', 'qwertyuiop', 'iloveyou1']);
  const isCommon = (lowerCased: string) => common.has(lowerCased);
  const tooShort = 'Password must be at least 8 characters long';
  const tooCommon =
    'This password is one of the most common passwords. Please choose one that is harder to guess.';

  it.each([
    ['123456', tooShort],
    ['abcdefg', tooShort],
    ['12345678', tooCommon],
    ['QwertyUIOP', tooCommon],
    ['iloveyou1', tooCommon],
    ['tidal-harbor-42', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), 'Password must be at most 128 characters long'],
  ])('%j -> %j', (password, message) => {
    expect(checkNewPassword(password, isCommon)?.message ?? null).toBe(message);
  });
});

describe('mapPasswordError', () => {
  it.each([
    [{ status: 400, code: 'PASSWORD_TOO_SHORT' }, 'auth.errors.passwordTooShort'],
    [{ status: 400, code: 'PASSWORD_TOO_LONG' }, 'auth.errors.passwordTooLong'],
    [{ status: 400, code: 'PASSWORD_TOO_COMMON' }, 'auth.errors.passwordTooCommon'],
    [{ status: 400, code: 'INVALID_TOKEN' }, null],
    [{ status: 400, code: 'toString' }, null],
  ])('%j -> %s', (failure, key) => {
    expect(mapPasswordError(failure)?.key ?? null).toBe(key);
  });
});
