/**
 * A list written as a JSON array in a translation file (cards, questions, sections), from
 * `t(key, { returnObjects: true })`: the key and the entries' shape are checked against the English
 * texts. Every language has the same entries (the parity check sees to it); a missing key (its text
 * is the key itself) gives an empty list.
 */
export function translatedList<T>(value: readonly T[] | string): T[] {
  return Array.isArray(value) ? [...value] : [];
}
