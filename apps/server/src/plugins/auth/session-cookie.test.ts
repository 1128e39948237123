import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSessionTokenReader, readSessionToken } from './session-cookie';

const name = 'careloop.session_token';
const secret = 'a-secret-of-at-least-32-characters-long';
const sign = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);
const header = (value: string) => `theme=light; ${name}=${value}; other=1`;

describe('reading the session token from the signed cookie', () => {
  const readers = [
    ['readSessionToken', readSessionToken],
    ['a remembering reader', createSessionTokenReader()],
  ] as const;
  const cases: [string, string | undefined, string | null][] = [
    ['a value signed with our secret', header(sign('tok_1')), 'tok_1'],
    ['the cookie alone', `${name}=${sign('tok_2')}`, 'tok_2'],
    ['no Cookie header', undefined, null],
    ['no session cookie', 'theme=light', null],
    [
      'a value signed with another secret',
      header(sign('tok_1', 'another-secret-of-32-characters-long')),
      null,
    ],
    ['a signature of another token', header(sign('tok_2').replace('tok_2', 'tok_1')), null],
    ['no signature', header('tok_1'), null],
    ['an empty signature', header('tok_1.'), null],
    ['no token', header(encodeURIComponent(`.${sign('tok_1').split('.')[1]}`)), null],
    ['a broken URI encoding', header('%E0%A4%A'), null],
  ];
  for (const [readerName, read] of readers) {
    it.each(cases)(`${readerName}: %s`, (_case, cookie, expected) => {
      expect(read(cookie, name, secret)).toBe(expected);
      // Asked again (a remembering reader answers from memory the second time): the same answer.
      expect(read(cookie, name, secret)).toBe(expected);
    });
  }

  it('forgets what it verified when the secret changes', () => {
    const read = createSessionTokenReader();
    const cookie = header(sign('tok_1'));
    expect(read(cookie, name, secret)).toBe('tok_1');
    expect(read(cookie, name, 'a-new-secret-of-at-least-32-characters')).toBeNull();
    expect(
      read(
        header(sign('tok_1', 'a-new-secret-of-at-least-32-characters')),
        name,
        'a-new-secret-of-at-least-32-characters',
      ),
    ).toBe('tok_1');
  });

  it('keeps at most `limit` verified values and still verifies after emptying', () => {
    const read = createSessionTokenReader(2);
    for (const token of ['tok_a', 'tok_b', 'tok_c', 'tok_a'])
      expect(read(header(sign(token)), name, secret)).toBe(token);
    expect(read(header(sign('tok_c').replace('tok_c', 'tok_d')), name, secret)).toBeNull();
  });

  it('answers a remembered header only for the cookie name it was read under, and reads long headers each time', () => {
    const read = createSessionTokenReader(10, 1);
    const cookie = header(sign('tok_1'));
    expect(read(cookie, name, secret)).toBe('tok_1');
    expect(read(cookie, 'another.session_token', secret)).toBeNull();
    expect(read(cookie, name, secret)).toBe('tok_1');
    const long = `${cookie}; tracking=${'x'.repeat(600)}`;
    expect(read(long, name, secret)).toBe('tok_1');
    expect(
      read(long.replace(sign('tok_1'), sign('tok_1').replace('tok_1', 'tok_2')), name, secret),
    ).toBeNull();
    // One header remembered at most here: a second one empties the first, both still verify.
    const other = header(sign('tok_3'));
    expect(read(other, name, secret)).toBe('tok_3');
    expect(read(cookie, name, secret)).toBe('tok_1');
  });
});
