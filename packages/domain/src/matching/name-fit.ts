import { isAnonymousName } from './anonymous-name';
import type { MatchEvidence, NameFit, NameFitKind } from './fit-evidence';
import { abbreviatedNamesOf, mayBeAbbreviation } from './given-name-abbreviations';
import { areEquivalentGivenNames } from './given-name-equivalents';
import { alignmentWeight, confidenceFromWeight, isWholeName } from './match-weights';
import { formalNamesOf, isPrefixShortForm } from './nicknames';
import { foldText, handleKey, type NameToken, tokenizeName } from './normalize-name';
import type { PatientName } from './patient-name';
import { spellingAgreement } from './spelling-key';
import { fitConcatenated } from './username-fit';
import { type AgreementLevel, agreementLevels, alignWords, namedCount, type Tally } from './word-alignment';

export {
  type MatchEvidence,
  matchEvidenceKinds,
  type NameFit,
  type NameFitKind,
  nameFitKinds,
} from './fit-evidence';
export {
  addToNameLexicon,
  describePatientName,
  emptyNameLexicon,
  type NameLexicon,
  type PatientName,
} from './patient-name';

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
  // "HARRIETASHWORTH": a whole name run together in capitals is read like a username too.
  const isLongCapitals = letters.length >= 8 && letters === letters.toUpperCase();
  const isUsername = !hasSpace && (hasUsernameMarks || isLowerCase || isCamelCase || isLongCapitals);
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

const levelEvidence: Record<'given' | 'surname', Record<AgreementLevel, MatchEvidence>> = {
  given: {
    word: 'given_name',
    nickname: 'given_nickname',
    abbreviation: 'given_abbreviation',
    spelling: 'given_spelling',
    equivalent: 'given_equivalent',
    typo: 'given_typo',
    initial: 'given_initial',
  },
  surname: {
    word: 'surname',
    nickname: 'surname',
    abbreviation: 'surname',
    spelling: 'surname_spelling',
    equivalent: 'surname_spelling',
    typo: 'surname_typo',
    initial: 'surname_initial',
  },
};

const evidenceOf = (tally: Tally, patientWords: number, reordered: boolean): MatchEvidence[] => {
  const evidence = new Set<MatchEvidence>();
  for (const part of ['given', 'surname'] as const) {
    for (const level of agreementLevels) if (tally[part][level] > 0) evidence.add(levelEvidence[part][level]);
  }
  if (isWholeName(tally, patientWords)) evidence.add('whole_name');
  if (reordered) evidence.add('reordered');
  if (tally.skippedFirstSurname) evidence.add('second_surname_only');
  return [...evidence];
};

const kindOf = (tally: Tally, patientWords: number): NameFitKind => {
  const named = namedCount(tally.given) + namedCount(tally.surname);
  if (isWholeName(tally, patientWords) && tally.given.nickname === 0 && named >= 2) return 'full_name';
  if (namedCount(tally.surname) + tally.surname.initial === 0) {
    return namedCount(tally.given) >= 2 ? 'given_names' : 'given_only';
  }
  if (namedCount(tally.surname) > 0) {
    return namedCount(tally.given) === 0 ? 'initials_and_surname' : 'given_and_surname';
  }
  return 'given_and_initial';
};

const fitFromTally = (tally: Tally, patient: PatientName, reordered: boolean): NameFit => {
  const weight = alignmentWeight(tally, patient.tokens.length, reordered);
  return {
    kind: kindOf(tally, patient.tokens.length),
    weight,
    strength: confidenceFromWeight(weight),
    usesNickname: tally.given.nickname > 0,
    evidence: evidenceOf(tally, patient.tokens.length, reordered),
  };
};

// Orders other than the written one, tried when the written order fits nobody: the name turned
// around at any point ("Smith John", "García López, María"), the last two words swapped
// ("María López García": Spanish surnames in the other order) and the whole name reversed
// ("López García, María"). Given names keep their order: "José María" is not "María José".
const otherOrders = (tokens: readonly NameToken[]): NameToken[][] => {
  if (tokens.length < 2) return [];
  const orders: NameToken[][] = [];
  const seen = new Set<string>([tokens.map((token) => token.value).join(' ')]);
  const keep = (order: NameToken[]) => {
    const key = order.map((token) => token.value).join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    orders.push(order);
  };
  for (let turn = 1; turn < tokens.length; turn += 1) keep([...tokens.slice(turn), ...tokens.slice(0, turn)]);
  const last = tokens[tokens.length - 1];
  const beforeLast = tokens[tokens.length - 2];
  if (tokens.length >= 3 && last && beforeLast) keep([...tokens.slice(0, -2), last, beforeLast]);
  keep([...tokens].reverse());
  return orders;
};

// A quick test before trying other orders: each reviewer word could stand for some patient word
// (a word that may be a nickname is let through).
const everyWordAppears = (reviewer: readonly NameToken[], patient: readonly NameToken[]): boolean =>
  reviewer.every((word) => {
    if (word.isInitial) return patient.some((target) => target.value.startsWith(word.value));
    if (formalNamesOf(word.value).length > 0 || isPrefixShortForm(word.value)) return true;
    if (abbreviatedNamesOf(word.value).length > 0) return true;
    if (mayBeAbbreviation(word.value, word.dotted === true)) return true;
    if (patient.some((target) => areEquivalentGivenNames(word.value, target.value))) return true;
    return patient.some(
      (target) =>
        target.forms.some((form) => word.forms.includes(form)) ||
        spellingAgreement(word, target) !== null ||
        word.value.startsWith(target.value),
    );
  });

/**
 * Whether the reviewer name is a plausible way for the patient to write their own name, and
 * how strong that is. Describe the patient with `describePatientName` (the patient index does
 * this once per patient, with the clinic's lexicon). Words are compared in the written order
 * first, then in any order (weighed lower).
 */
export const fitName = (reviewer: ReviewerName, patient: PatientName): NameFit | null => {
  if (reviewer.isAnonymous || patient.tokens.length === 0) return null;
  let best: NameFit | null = null;
  const consider = (fit: NameFit | null) => {
    if (fit && (!best || fit.weight > best.weight)) best = fit;
  };
  const words = patient.tokens.length;
  const align = (tokens: readonly NameToken[], reordered: boolean) => {
    const tally = alignWords(tokens, patient, (candidate) => alignmentWeight(candidate, words, reordered));
    if (tally) consider(fitFromTally(tally, patient, reordered));
  };
  align(reviewer.tokens, false);
  if (reviewer.reversedTokens) align(reviewer.reversedTokens, true);
  if (reviewer.concatenated) consider(fitConcatenated(reviewer.concatenated, patient));
  if (!best && everyWordAppears(reviewer.tokens, patient.tokens)) {
    for (const order of otherOrders(reviewer.tokens)) align(order, true);
  }
  // "M. Clémence Rousseau", "S. García López": a lone letter before a whole name is a title.
  const [lead, ...rest] = reviewer.tokens;
  if (!best && lead?.isInitial && rest.length >= 2 && rest.every((token) => !token.isInitial))
    align(rest, true);
  return best;
};
