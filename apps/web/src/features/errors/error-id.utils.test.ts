import { describe, expect, it } from 'vitest';
import { createErrorId } from './error-id.utils';

describe('createErrorId', () => {
  it.each([
    [0, [0, 0, 0, 0], 'ERR-0-00000000'],
    [1_700_000_000_000, [255, 1, 16, 171], 'ERR-LOYW3V28-FF0110AB'],
  ])('time %j and bytes %j -> %s', (now, bytes, expected) => {
    expect(createErrorId(now, Uint8Array.from(bytes))).toBe(expected);
  });

  it('differs from one error to the next', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createErrorId()));
    expect(ids.size).toBe(50);
  });
});
