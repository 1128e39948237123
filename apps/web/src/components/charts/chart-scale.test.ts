import { describe, expect, it } from 'vitest';
import { labelPlacement, labelStep, niceMax } from './chart-scale';

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

describe('labelStep', () => {
  const weeks = ['10 Mar', '17 Mar', '24 Mar', '31 Mar', '7 Apr', '14 Apr', '21 Apr', '28 Apr'];
  it.each([
    ['a desk: room for every third', weeks, 68, 3, 3],
    ['a desk: room for each, asked for each', weeks, 68, 1, 1],
    ['a phone: 6-letter labels in 30 px groups', weeks, 30, 1, 2],
    ['a phone: 6-letter labels in 15 px groups', weeks, 15, 3, 4],
    ['a long Turkish month in 40 px groups', ['12 Ağustos'], 40, 1, 3],
    ['no labels', [], 20, 3, 3],
    ['a box not laid out: the first and last only', weeks, 0, 3, 8],
  ] as const)('%s', (_case, labels, groupWidth, atLeast, expected) => {
    expect(labelStep(labels, groupWidth, atLeast)).toBe(expected);
  });
});

describe('labelPlacement', () => {
  it.each([
    ['in the middle: centred', 'Nov 9', 150, 300, { x: 150, anchor: 'middle' }],
    ['the latest, near the right edge: against it', 'Nov 30', 290, 300, { x: 298, anchor: 'end' }],
    ['the first, near the left edge: against it', 'Sep 28', 10, 300, { x: 2, anchor: 'start' }],
    ['just fits on the right: centred', 'Nov 30', 277, 300, { x: 277, anchor: 'middle' }],
  ] as const)('%s', (_case, label, x, width, expected) => {
    expect(labelPlacement(label, x, width)).toEqual(expected);
  });
});
