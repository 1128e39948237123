import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it.each([
    { prefix: 'cas', length: undefined, pattern: /^cas_[0-9a-z]{14}$/ },
    { prefix: 'req', length: 20, pattern: /^req_[0-9a-z]{20}$/ },
    { prefix: 'rl', length: 1, pattern: /^rl_[0-9a-z]$/ },
  ])('$prefix with $length characters matches $pattern', ({ prefix, length, pattern }) => {
    expect(newId(prefix, length)).toMatch(pattern);
  });

  it('never repeats across many refills of its random pool', () => {
    // 50,000 ids of 14 characters draw 700,000 bytes: the 4 KiB pool is refilled ~170 times.
    const ids = new Set(Array.from({ length: 50_000 }, () => newId('x')));
    expect(ids.size).toBe(50_000);
  });

  it('uses every character of its alphabet', () => {
    const seen = new Set(
      Array.from({ length: 2_000 }, () => newId('x'))
        .join('')
        .replace(/x_/g, ''),
    );
    expect(seen.size).toBe(36);
  });

  it('refuses a length its pool cannot give', () => {
    expect(() => newId('x', 5_000)).toThrow(RangeError);
  });
});
