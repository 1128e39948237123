/**
 * A whole number with English thousands separators ("4,096"), as `toLocaleString('en')` writes it,
 * without ICU: the first Intl number format of a process loads its locale data (~18 ms of the
 * server's start, when two module-level messages used it).
 */
export function withThousandsSeparators(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ',');
}
