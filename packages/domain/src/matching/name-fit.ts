import { isAnonymousName } from './anonymous-name';
import { hasTurkishLetters, isCommonGivenName, isTurkishGivenName } from './given-names';
import {
  formalNamesOf,
  isKnownGivenName,
  isPrefixShortForm,
  nicknamesOf,
  prefixShortFormsOf,
} from './nicknames';
import { foldText, handleKey, type NameToken, tokenizeName } from './normalize-name';

export const nameFitKinds = [
  'email_handle',
  'full_name',
  'given_and_surname',
  'given_and_initial',
  'initials_and_surname',
  'given_names',
  'given_only',
  'username',
  'username_initial',
  'username_given',
] as const;

export type NameFitKind = (typeof nameFitKinds)[number];

/** How a reviewer name fits one patient, and how strong that evidence is (0..1). */
export type NameFit = { kind: NameFitKind; strength: number; usesNickname: boolean };

/** A reviewer name read every way we compare it. */
export type ReviewerName = {
  raw: string;
  /** The name as written, word by word. */
  tokens: NameToken[];
  /** A username's words in the other order (`garcia.maria`, `martin_j`), or null. */
  reversedTokens: NameToken[] | null;
  /** A one-word username's letters (`bmartinez78` → `bmartinez`), or null. */
  concatenated: string | null;
  /** Compared with e-mail handles; null when the name has a space. */
  handle: string | null;
  isAnonymous: boolean;
};

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

/**
 * Reads a reviewer name. Names without spaces that carry digits, dots or underscores, or are
 * all lower-case or camel-cased, are also read as usernames; a capitalised single word
 * ("Cansu") is taken as a given name only.
 */
export const parseReviewerName = (raw: string): ReviewerName => {
  // "Linda M. (Miami)": what is in brackets is a remark, not part of the name.
  const trimmed = raw.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim();
  const tokens = tokenizeName(trimmed);
  const hasSpace = /\s/.test(trimmed);
  const hasUsernameMarks = /[0-9._]/.test(trimmed);
  const letters = trimmed.replace(/[^\p{L}]/gu, '');
  const isLowerCase = letters.length > 0 && letters === letters.toLowerCase();
  const isCamelCase = /\p{Ll}\p{Lu}/u.test(letters);
  const isUsername = !hasSpace && (hasUsernameMarks || isLowerCase || isCamelCase);
  const concatenated = isUsername && tokens.length === 1 ? foldText(letters).replace(/[^a-z]/g, '') : null;
  const reversedTokens = isUsername && tokens.length >= 2 ? [...tokens].reverse() : null;
  return {
    raw: trimmed,
    tokens,
    reversedTokens,
    concatenated: concatenated && concatenated.length >= 3 ? concatenated : null,
    handle: handleKey(trimmed),
    isAnonymous: isAnonymousName(trimmed),
  };
};

type Tally = {
  words: number;
  nicknames: number;
  initials: number;
  covered: number;
  surnames: number;
  surnameWords: number;
};

const sharesForm = (a: NameToken, b: NameToken): boolean => a.forms.some((form) => b.forms.includes(form));

const joinedValue = (patient: readonly NameToken[], from: number, count: number): string | null => {
  if (from + count > patient.length) return null;
  let joined = '';
  for (let index = from; index < from + count; index += 1) joined += patient[index]?.value ?? '';
  return joined;
};

type Step = { consumed: number; kind: 'word' | 'nickname' | 'initial' };

// Spanish women named "María X" are often known by a nickname of X alone.
const omissibleFirstNames = new Set(['maria', 'ma']);

// The ways one reviewer word can stand for the patient's words starting at `at`.
const stepsAt = (
  word: NameToken,
  patient: readonly NameToken[],
  at: number,
  isFirstWord: boolean,
): Step[] => {
  const target = patient[at];
  if (!target) return [];
  if (word.isInitial) return target.value.startsWith(word.value) ? [{ consumed: 1, kind: 'initial' }] : [];
  const steps: Step[] = [];
  if (sharesForm(word, target)) steps.push({ consumed: 1, kind: 'word' });
  for (const count of [2, 3]) {
    if (joinedValue(patient, at, count) === word.value) steps.push({ consumed: count, kind: 'word' });
  }
  if (!isFirstWord) return steps;
  // Nicknames and short forms only stand for the given name the reviewer opens with.
  for (const formal of formalNamesOf(word.value)) {
    if (formal.every((part, offset) => patient[at + offset]?.value === part)) {
      steps.push({ consumed: formal.length, kind: 'nickname' });
    }
  }
  if (formalNamesOf(target.value).some((formal) => formal.length === 1 && formal[0] === word.value)) {
    steps.push({ consumed: 1, kind: 'nickname' });
  }
  // María Pilar goes by Pili, María Dolores by Loli: a nickname of the name after María.
  const second = patient[at + 1];
  if (
    omissibleFirstNames.has(target.value) &&
    second &&
    formalNamesOf(word.value).some((formal) => formal.length === 1 && formal[0] === second.value)
  ) {
    steps.push({ consumed: 2, kind: 'nickname' });
  }
  if (
    isPrefixShortForm(word.value) &&
    target.value.startsWith(word.value) &&
    target.value.length - word.value.length >= 2
  ) {
    steps.push({ consumed: 1, kind: 'nickname' });
  }
  return steps;
};

const tallyScore = (tally: Tally): number =>
  tally.words * 4 + tally.nicknames * 3 + tally.initials + tally.covered * 0.5 + tally.surnames * 0.25;

/**
 * The best alignment of reviewer words onto the patient's words, in order: the first reviewer
 * word stands for a name the patient goes by; then come more given names (in order, any may be
 * left out) and then the surnames, which must start with the first surname (a Spanish second
 * surname may be left out, the first may not; an initial may stand for either). A given name's initial only counts before
 * another word ("John F. Kennedy"); a final initial is the surname's. Null when none exists.
 */
const alignWords = (reviewer: readonly NameToken[], patient: PatientName): Tally | null => {
  const tokens = patient.tokens;
  if (reviewer.length === 0 || reviewer.length > tokens.length) return null;
  let best: Tally | null = null;
  for (const surnameStart of patient.surnameStarts) {
    const visit = (index: number, from: number, inSurnames: boolean, tally: Tally): void => {
      if (index === reviewer.length) {
        if (tally.words + tally.nicknames === 0) return;
        if (!best || tallyScore(tally) > tallyScore(best)) best = tally;
        return;
      }
      const word = reviewer[index];
      if (!word) return;
      let positions: number[];
      if (index === 0) positions = patient.callNames.filter((at) => at < surnameStart);
      else if (inSurnames) positions = range(from, tokens.length);
      // A surname initial is too little to tell which surname it abbreviates.
      else if (word.isInitial) positions = range(from, tokens.length);
      else positions = [...range(from, surnameStart), surnameStart];
      const isLast = index === reviewer.length - 1;
      for (const at of positions) {
        if (word.isInitial && index > 0 && isLast && at < surnameStart) continue;
        // The initial of a hyphenated surname is its first part's: Diaz-Rutherford is D.
        if (word.isInitial && tokens[at - 1]?.joinsNext) continue;
        for (const step of stepsAt(word, tokens, at, index === 0)) {
          const next = at + step.consumed;
          // A nickname or joined word stands for given names or for surnames, not both.
          if (at < surnameStart && next > surnameStart) continue;
          const reachesSurnames = next > surnameStart;
          visit(index + 1, next, inSurnames || reachesSurnames, {
            words: tally.words + (step.kind === 'word' ? 1 : 0),
            nicknames: tally.nicknames + (step.kind === 'nickname' ? 1 : 0),
            initials: tally.initials + (step.kind === 'initial' ? 1 : 0),
            covered: tally.covered + step.consumed,
            surnames: tally.surnames + (reachesSurnames ? 1 : 0),
            surnameWords: tally.surnameWords + (reachesSurnames && step.kind !== 'initial' ? 1 : 0),
          });
        }
      }
    };
    visit(0, 0, false, { words: 0, nicknames: 0, initials: 0, covered: 0, surnames: 0, surnameWords: 0 });
  }
  return best;
};

const range = (from: number, to: number): number[] => {
  const values: number[] = [];
  for (let value = from; value < to; value += 1) values.push(value);
  return values;
};

const fitFromTally = (tally: Tally, reviewer: readonly NameToken[], patient: PatientName): NameFit => {
  const usesNickname = tally.nicknames > 0;
  const named = tally.words + tally.nicknames;
  const nicknamePenalty = usesNickname ? 0.05 : 0;
  if (
    tally.covered === patient.tokens.length &&
    tally.initials === 0 &&
    !usesNickname &&
    reviewer.length >= 2
  ) {
    return { kind: 'full_name', strength: 0.95, usesNickname };
  }
  if (tally.surnames === 0) {
    if (named >= 2) return { kind: 'given_names', strength: 0.65 - nicknamePenalty, usesNickname };
    return { kind: 'given_only', strength: 0.6 - nicknamePenalty, usesNickname };
  }
  const extra = Math.min(Math.max(tally.initials - 1, 0), 2) * 0.03;
  if (tally.surnameWords > 0) {
    if (reviewer[0]?.isInitial) return { kind: 'initials_and_surname', strength: 0.78 + extra, usesNickname };
    return { kind: 'given_and_surname', strength: 0.9 - nicknamePenalty, usesNickname };
  }
  return {
    kind: 'given_and_initial',
    strength: 0.72 + (named >= 2 ? 0.03 : 0) - nicknamePenalty,
    usesNickname,
  };
};

type Piece = { text: string; isInitial: boolean; isNickname: boolean };

const givenPieces = (tokens: readonly NameToken[], start: number, surnameStart: number): Piece[] => {
  const given = tokens[start];
  if (!given) return [];
  const pieces: Piece[] = given.forms.map((text) => ({ text, isInitial: false, isNickname: false }));
  const pair = joinedValue(tokens, start, 2);
  if (pair) pieces.push({ text: pair, isInitial: false, isNickname: false });
  const next = tokens[start + 1];
  const formals = [given.value, `${given.value} ${next?.value ?? ''}`];
  if (next && omissibleFirstNames.has(given.value)) formals.push(next.value);
  for (const formal of formals) {
    for (const nickname of nicknamesOf(formal)) {
      pieces.push({ text: nickname.join(''), isInitial: false, isNickname: true });
    }
  }
  // Both given names' initials: José Manuel García → jmgarcia.
  if (next && !next.isInitial && start + 1 < surnameStart) {
    pieces.push({
      text: given.value.slice(0, 1) + next.value.slice(0, 1),
      isInitial: true,
      isNickname: false,
    });
  }
  for (const short of prefixShortFormsOf(given.value))
    pieces.push({ text: short, isInitial: false, isNickname: true });
  pieces.push({ text: given.value.slice(0, 1), isInitial: true, isNickname: false });
  return pieces;
};

// The first surname, alone, with the next one, or as its initial.
const surnamePieces = (tokens: readonly NameToken[], start: number): Piece[] => {
  const first = tokens[start];
  if (!first) return [];
  const pieces: Piece[] = first.forms.map((text) => ({ text, isInitial: false, isNickname: false }));
  for (const count of [2, 3]) {
    const joined = joinedValue(tokens, start, count);
    if (joined) pieces.push({ text: joined, isInitial: false, isNickname: false });
  }
  pieces.push({ text: first.value.slice(0, 1), isInitial: true, isNickname: false });
  return pieces;
};

/**
 * Whether a one-word username is built from the patient's name: given name (or nickname, or
 * initial) and first surname (or its initial) in either order (`bmartinez`, `morenom`, `kevinr`,
 * `lolireyes`), or the given name alone (`maria85`).
 */
const fitConcatenated = (username: string, patient: PatientName): NameFit | null => {
  let best: NameFit | null = null;
  const consider = (fit: NameFit) => {
    if (!best || fit.strength > best.strength) best = fit;
  };
  for (const surnameStart of patient.surnameStarts) {
    const surnames = surnamePieces(patient.tokens, surnameStart);
    for (const start of patient.callNames.filter((at) => at < surnameStart)) {
      for (const given of givenPieces(patient.tokens, start, surnameStart)) {
        if (!given.isInitial && username === given.text) {
          consider({ kind: 'username_given', strength: 0.55, usesNickname: given.isNickname });
          continue;
        }
        if (!username.startsWith(given.text) && !username.endsWith(given.text)) continue;
        for (const surname of surnames) {
          if (given.isInitial && surname.isInitial) continue;
          const isBuilt =
            username === given.text + surname.text ||
            (username === surname.text + given.text && !given.isNickname);
          if (!isBuilt) continue;
          const hasInitial = given.isInitial || surname.isInitial;
          consider({
            kind: hasInitial ? 'username_initial' : 'username',
            strength: (hasInitial ? 0.72 : 0.85) - (given.isNickname ? 0.05 : 0),
            usesNickname: given.isNickname,
          });
        }
      }
    }
  }
  return best;
};

/**
 * Whether the reviewer name is a plausible way for the patient to write their own name, and
 * how strong that is. Describe the patient with `describePatientName` (the patient index does
 * this once per patient, with the clinic's lexicon).
 */
export const fitName = (reviewer: ReviewerName, patient: PatientName): NameFit | null => {
  if (reviewer.isAnonymous || patient.tokens.length === 0) return null;
  let best: NameFit | null = null;
  const consider = (fit: NameFit | null) => {
    if (fit && (!best || fit.strength > best.strength)) best = fit;
  };
  const direct = alignWords(reviewer.tokens, patient);
  if (direct) consider(fitFromTally(direct, reviewer.tokens, patient));
  if (reviewer.reversedTokens) {
    const reversed = alignWords(reviewer.reversedTokens, patient);
    if (reversed) {
      const fit = fitFromTally(reversed, reviewer.reversedTokens, patient);
      consider({ ...fit, strength: fit.strength - 0.05 });
    }
  }
  if (reviewer.concatenated) consider(fitConcatenated(reviewer.concatenated, patient));
  return best;
};
