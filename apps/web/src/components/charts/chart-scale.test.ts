import { describe, expect, it } from 'vitest';
import { niceMax } from './chart-scale';

describe('niceMax', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [1, 1],
    [1.5, 2],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [42, 50],
    [120, 200],
  ])('%d -> %d', (value, expected) => {
    expect(niceMax(value)).toBe(expected);
  });
});
