import { describe, expect, it } from 'vitest';
import { brandColorMessages, brandColorSchema, contrastRatio } from './brand-color';

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#0b6b73', '#ffffff', 6.24],
  ])('%s on %s is %f', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});

describe('brandColorSchema', () => {
  it.each([
    ['#0b6b73', '#0b6b73'],
    ['#0B6B73', '#0b6b73'],
    [' #1d4ed8 ', '#1d4ed8'],
    ['#767676', '#767676'],
    [null, null],
  ])('accepts %j as %j', (input, output) => {
    expect(brandColorSchema.parse(input)).toBe(output);
  });

  it.each([
    ['#777777', brandColorMessages.contrast.message],
    ['#ffff00', brandColorMessages.contrast.message],
    ['#ffffff', brandColorMessages.contrast.message],
    ['#fff', brandColorMessages.format.message],
    ['0b6b73', brandColorMessages.format.message],
    ['#0b6b7g', brandColorMessages.format.message],
    ['red', brandColorMessages.format.message],
    ['#0b6b73; background:url(x)', brandColorMessages.format.message],
    [42, brandColorMessages.format.message],
  ])('refuses %j: %s', (input, message) => {
    const result = brandColorSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
