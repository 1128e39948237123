import { describe, expect, it } from 'vitest';
import { analyticsFormatters, ratePercent, roundedHours, shareOf } from './analytics-format';

// Intl writes some of these with no-break and thin spaces: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('analyticsFormatters: numbers and days as each language writes them', () => {
  it.each([
    ['en', '87.5%', '1,234', '5.5 hr', '+12', '-3', '4.0', '+5'],
    ['es', '87,5 %', '1234', '5,5 h', '+12', '-3', '4,0', '+5'],
    ['tr', '%87,5', '1.234', '5,5 sa.', '+12', '-3', '4,0', '+5'],
  ])('%s', (language, rate, count, hours, score, negative, rating, signed) => {
    const format = analyticsFormatters(language);
    expect(plain(format.rate(0.875))).toBe(rate);
    expect(plain(format.count(1234))).toBe(count);
    expect(plain(format.hours(5.5))).toBe(hours);
    expect(format.score(12.4)).toBe(score);
    expect(format.score(-3)).toBe(negative);
    expect(format.rating(4)).toBe(rating);
    expect(format.signed(5)).toBe(signed);
  });

  it('writes a period of calendar days as those days, whatever the reader’s zone', () => {
    expect(plain(analyticsFormatters('en').period('2026-10-30', '2026-11-28'))).toBe('Oct 30 – Nov 28, 2026');
    expect(plain(analyticsFormatters('es').day('2026-11-01'))).toBe('1 nov');
  });
});

describe('CSV values', () => {
  it.each([
    [0.8754, 87.5],
    [1, 100],
    [0, 0],
    [null, null],
  ])('share %j -> %j percent', (rate, expected) => {
    expect(ratePercent(rate)).toBe(expected);
  });
  it.each([
    [48.25, 48.3],
    [2, 2],
    [null, null],
  ])('%j hours -> %j', (hours, expected) => {
    expect(roundedHours(hours)).toBe(expected);
  });
});

describe('a share on screen and in the CSV', () => {
  it.each([
    // 50.8475 %: the API's rate 0.5085 rounded again read 50.9 % on screen, 50.8 in the CSV.
    [30, 59, '50.8%', 50.8],
    [34, 67, '50.7%', 50.7],
    [56, 111, '50.5%', 50.5],
    [1, 8, '12.5%', 12.5],
    [0, 3, '0%', 0],
  ])('%i of %i is %s and %s', (numerator, denominator, screen, cell) => {
    const share = shareOf({ numerator, denominator, rate: null });
    expect(analyticsFormatters('en').rate(share!)).toBe(screen);
    expect(ratePercent(share)).toBe(cell);
  });

  it('is the same figure for every count up to 400', () => {
    const format = analyticsFormatters('en');
    for (let denominator = 1; denominator <= 400; denominator += 1) {
      for (let numerator = 0; numerator <= denominator; numerator += 1) {
        const share = shareOf({ numerator, denominator, rate: null })!;
        expect(format.rate(share)).toBe(`${ratePercent(share)}%`);
      }
    }
  });

  it('has no share without a denominator', () => {
    expect(shareOf({ numerator: 0, denominator: 0, rate: null })).toBeNull();
  });
});
