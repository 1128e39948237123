import { foldText } from '../matching/normalize-name';
import { toWords } from './consent-keywords';

// Patterns run on one clause of a reply at a time, folded (lower-case, no accents) to a-z and 0-9
// words separated by single spaces.
export const phrases = (...sources: string[]) =>
  new RegExp(sources.map((s) => `\\b(?:${s})\\b`).join('|'), 'g');

export function* matchesOf(pattern: RegExp, clause: string) {
  for (const match of clause.matchAll(pattern)) {
    yield {
      text: match[0],
      before: clause.slice(0, match.index),
      after: clause.slice(match.index + match[0].length),
    };
  }
}

/** Each name's words, folded, as a-z and 0-9 words. */
export const nameWordsOf = (names: readonly string[]) =>
  names.map((name) => toWords(foldText(name))).filter((words) => words.length > 0);
