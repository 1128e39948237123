import { describe, expect, it } from 'vitest';
import { withThousandsSeparators } from './thousands';

describe('withThousandsSeparators', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [4096, '4,096'],
    [65536, '65,536'],
    [1234567, '1,234,567'],
    [-1500, '-1,500'],
  ])('%d -> %s, as toLocaleString("en") writes it', (value, written) => {
    expect(withThousandsSeparators(value)).toBe(written);
    expect(withThousandsSeparators(value)).toBe(value.toLocaleString('en'));
  });
});
