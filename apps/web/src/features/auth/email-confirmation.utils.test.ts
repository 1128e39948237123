import { describe, expect, it } from 'vitest';
import { readConfirmationParams } from './email-confirmation.utils';

describe('readConfirmationParams', () => {
  it.each([
    ['token=abc&type=signup', { token: 'abc', type: 'signup' }],
    ['type=email_change&token=xyz', { token: 'xyz', type: 'email_change' }],
    ['token=abc', null],
    ['type=signup', null],
    ['token=&type=signup', null],
    ['token=%20&type=signup', null],
    ['', null],
  ])('%j -> %j', (query, expected) => {
    expect(readConfirmationParams(new URLSearchParams(query))).toEqual(expected);
  });
});
