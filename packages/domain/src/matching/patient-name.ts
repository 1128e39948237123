import { hasTurkishLetters, isCommonGivenName, isTurkishGivenName } from './given-names';
import { isKnownGivenName } from './nicknames';
import { type NameToken, tokenizeName } from './normalize-name';

/**
 * A patient's name split into given names and surnames. Where the split is unclear (is
 * "Beverly" in "Lisa Beverly Cruickshank" a middle name or a first surname?) every plausible
 * split is kept in `surnameStarts`.
 */
export type PatientName = {
  tokens: NameToken[];
  /** Positions where the surnames may begin (the number of given names). */
  surnameStarts: number[];
  /** Given-name positions the person may go by alone: 0, and a Turkish second given name. */
  callNames: number[];
};

/**
 * How often each word opens a name and how often it closes one, over a clinic's patients:
 * evidence for whether a middle word is a given name or a surname.
 */
export type NameLexicon = { firstCounts: Map<string, number>; lastCounts: Map<string, number> };

export const emptyNameLexicon = (): NameLexicon => ({ firstCounts: new Map(), lastCounts: new Map() });

/** Adds one name (as `tokenizeName` returns it) to the lexicon. */
export const addToNameLexicon = (lexicon: NameLexicon, tokens: readonly NameToken[]): void => {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (tokens.length < 2 || !first || !last) return;
  lexicon.firstCounts.set(first.value, (lexicon.firstCounts.get(first.value) ?? 0) + 1);
  // A hyphenated surname counts as a whole, every part as a surname.
  for (let at = tokens.length - 1; at > 0; at -= 1) {
    const token = tokens[at];
    if (!token) break;
    if (at < tokens.length - 1 && !token.joinsNext) break;
    lexicon.lastCounts.set(token.value, (lexicon.lastCounts.get(token.value) ?? 0) + 1);
  }
};

type Role = 'given' | 'surname' | 'unknown';

// Spanish surnames: patronymics in -ez (Martínez, Gómez) and words with an acute accent or ñ
// that no name list knows as a given name (Marroquín, Solís, Peña).
const looksLikeSpanishSurname = (token: NameToken): boolean =>
  token.value.endsWith('ez') || /[áéíóúñÁÉÍÓÚÑ]/.test(token.original);

const roleOf = (token: NameToken, lexicon: NameLexicon): Role => {
  const isListed = isKnownGivenName(token.value) || isCommonGivenName(token.value);
  const opens = (lexicon.firstCounts.get(token.value) ?? 0) + (isListed ? 2 : 0);
  const looksSurname = !isListed && looksLikeSpanishSurname(token);
  const closes = (lexicon.lastCounts.get(token.value) ?? 0) + (looksSurname ? 2 : 0);
  if (opens > 0 && closes === 0) return 'given';
  if (closes > 0 && opens === 0) return 'surname';
  if (opens === 0 && closes === 0) return 'unknown';
  if (opens >= 3 * closes) return 'given';
  if (closes >= 3 * opens) return 'surname';
  return 'unknown';
};

/**
 * Splits a patient's name into given names and surnames: the last word (with the words
 * hyphenated to it) is a surname, the first a given name; a word between is judged by how the
 * clinic's other names use it, and by the nickname tables.
 */
export const describePatientName = (raw: string, lexicon: NameLexicon = emptyNameLexicon()): PatientName => {
  const tokens = tokenizeName(raw);
  const count = tokens.length;
  if (count <= 1) return { tokens, surnameStarts: [count], callNames: count === 1 ? [0] : [] };
  // Four words or more are two given names and two surnames far more often than three given names.
  const lastGivenAllowed = count >= 4 ? 1 : count - 2;
  const roles: Role[] = tokens.map((token, at) => {
    if (at === 0) return 'given';
    if (at > lastGivenAllowed) return 'surname';
    return roleOf(token, lexicon);
  });
  const surnameStarts: number[] = [];
  for (let start = 1; start < count; start += 1) {
    if (tokens[start - 1]?.joinsNext) continue;
    const givenPart = roles.slice(0, start);
    const surnamePart = roles.slice(start);
    if (givenPart.includes('surname') || surnamePart.includes('given')) continue;
    surnameStarts.push(start);
  }
  if (surnameStarts.length === 0) surnameStarts.push(count - 1);
  const lastGiven = Math.max(...surnameStarts);
  const isTurkish = hasTurkishLetters(raw);
  const callNames = [0];
  for (let at = 1; at < lastGiven; at += 1) {
    const token = tokens[at];
    if (
      token &&
      !token.isInitial &&
      (isTurkishGivenName(token.value) || (isTurkish && roles[at] === 'given'))
    ) {
      callNames.push(at);
    }
  }
  return { tokens, surnameStarts, callNames };
};
