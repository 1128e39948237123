import type { TFunction } from 'i18next';

/**
 * A list written as a JSON array in a translation file (cards, questions, sections). Every
 * language has the same entries (the parity check sees to it); a missing key gives an empty list.
 */
export function translatedList<T>(t: TFunction, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}
