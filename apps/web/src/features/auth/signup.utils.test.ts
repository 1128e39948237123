import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  buildSignUpRequest,
  describeInvitationError,
  invalidInvitationMessage,
  isInvalidInvitationFailure,
  readInvitationToken,
  validateSignUpFields,
} from './signup.utils';

describe('buildSignUpRequest', () => {
  const base = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@smile.example',
    practiceName: 'Smile',
    password: ' pw 123 ',
  };

  it.each([
    [{}, 'Ada Lovelace', 'Lovelace'],
    [{ lastName: '' }, 'Ada', undefined],
    [{ lastName: '   ' }, 'Ada', undefined],
    [{ firstName: '  Ada ', lastName: ' Byron ' }, 'Ada Byron', 'Byron'],
  ])('%j -> name %j, lastName %j', (change, name, lastName) => {
    const request = buildSignUpRequest({ ...base, ...change });
    expect(request.name).toBe(name);
    expect(request.lastName).toBe(lastName);
  });

  it.each([
    ['es', 'es'],
    ['tr', 'tr'],
    ['en', 'en'],
    ['fr', undefined],
    [undefined, undefined],
  ])('sends the page language %s as the e-mail language %s', (page, sent) => {
    expect(buildSignUpRequest(base, null, page).language).toBe(sent);
  });

  it('trims text but never the password, and returns to the dashboard', () => {
    const request = buildSignUpRequest({ ...base, email: ' ada@smile.example ', practiceName: ' Smile ' });
    expect(request).toMatchObject({
      email: 'ada@smile.example',
      practiceName: 'Smile',
      password: ' pw 123 ',
      callbackURL: '/dashboard',
    });
  });
});

const invitation = {
  token: 'invite-token-123456',
  preview: { clinicName: 'Smile Dental', email: 'grace@smile.example', role: 'staff' as const },
};

describe('buildSignUpRequest with an invitation', () => {
  const fields = {
    firstName: ' Grace ',
    lastName: '',
    email: 'someone-else@example.com',
    practiceName: 'Should not be sent',
    password: 'tidal-harbor-42',
  };

  it('sends the token and the invited address, and no practice name', () => {
    expect(buildSignUpRequest(fields, invitation)).toEqual({
      email: 'grace@smile.example',
      password: 'tidal-harbor-42',
      name: 'Grace',
      firstName: 'Grace',
      lastName: undefined,
      invitationToken: 'invite-token-123456',
      callbackURL: '/dashboard',
    });
  });

  it('sends no token without an invitation', () => {
    const request = buildSignUpRequest(fields, null);
    expect(request).not.toHaveProperty('invitationToken');
    expect(request).toMatchObject({ email: 'someone-else@example.com', practiceName: 'Should not be sent' });
  });
});

describe('validateSignUpFields', () => {
  const blank = {
    firstName: 'Grace',
    lastName: '',
    email: '',
    practiceName: '',
    password: 'tidal-harbor-42',
  };

  it('an invited person needs no practice name nor a typed e-mail', () => {
    expect(validateSignUpFields(blank, invitation)).toBeNull();
  });

  it('without an invitation the practice name and e-mail are required', () => {
    expect(validateSignUpFields(blank, null)?.message).toBe('Please fill in all required fields');
  });

  it.each([
    [{ firstName: ' ' }, 'Please fill in all required fields'],
    [{ password: '' }, 'Please fill in all required fields'],
    [{ password: '1234567' }, 'Password must be at least 8 characters long'],
    [{ password: '12345678' }, null],
  ])('with an invitation, %j -> %s', (change, message) => {
    expect(validateSignUpFields({ ...blank, ...change }, invitation)?.message ?? null).toBe(message);
  });
});

describe('readInvitationToken', () => {
  it.each([
    ['?invitation=abc123def456', 'abc123def456'],
    ['?invitation=%20abc123def456%20', 'abc123def456'],
    ['?invitation=', null],
    ['?other=1', null],
    ['', null],
  ])('%s -> %s', (search, token) => {
    expect(readInvitationToken(new URLSearchParams(search))).toBe(token);
  });
});

describe('describeInvitationError', () => {
  it("translates the server's invalid-or-expired answer by key", () => {
    const problem = describeInvitationError(
      new ApiError(404, 'NOT_FOUND', 'This invitation is invalid or has expired'),
    );
    expect(problem).toEqual({ kind: 'invalid', message: invalidInvitationMessage });
  });

  it('shows any other 404 text as the server wrote it', () => {
    expect(describeInvitationError(new ApiError(404, 'NOT_FOUND', 'Gone fishing'))).toEqual({
      kind: 'invalid',
      message: { key: 'auth.errors.server', message: 'Gone fishing' },
    });
  });

  it('reads a malformed token (400) as an invalid invitation', () => {
    expect(
      describeInvitationError(new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid')),
    ).toEqual({
      kind: 'invalid',
      message: invalidInvitationMessage,
    });
  });

  it.each([
    new ApiError(0, 'NETWORK', 'offline'),
    new ApiError(500, 'INTERNAL', 'boom'),
    new ApiError(429, 'RATE_LIMITED', 'Too many requests'),
    new Error('x'),
  ])('%s may pass: the person can try again', (error) => {
    expect(describeInvitationError(error)).toEqual({ kind: 'unavailable' });
  });
});

describe('isInvalidInvitationFailure', () => {
  it.each([
    [{ code: 'INVALID_INVITATION', message: 'This invitation is invalid or has expired' }, true],
    [{ code: 'USER_ALREADY_EXISTS' }, false],
    [{ message: 'This invitation is invalid or has expired' }, false],
  ])('%j -> %s', (failure, expected) => {
    expect(isInvalidInvitationFailure(failure)).toBe(expected);
  });
});
