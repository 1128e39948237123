import { describe, expect, it } from 'vitest';
import { buildSignUpRequest } from './signup.utils';

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
