import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

describe('formatPercent', () => {
  // Intl writes a no-break space between the figure and the sign in Spanish.
  it.each<[number, string, number, string]>([
    [50, 'en', 0, '50%'],
    [50, 'es', 0, '50\u00a0%'],
    [50, 'tr', 0, '%50'],
    [0, 'tr', 0, '%0'],
    [100, 'es', 0, '100\u00a0%'],
    [37.5, 'en', 1, '37.5%'],
    [37.5, 'es', 1, '37,5\u00a0%'],
    [37.5, 'tr', 1, '%37,5'],
  ])('%d in %s (%d decimals) -> %j', (percent, language, digits, expected) => {
    expect(formatPercent(percent, language, digits)).toBe(expected);
  });
});
