import { abbreviatedNamesOf, mayBeAbbreviation } from './given-name-abbreviations';
import { equivalentGivenNamesOf } from './given-name-equivalents';
import {
  addToNameLexicon,
  describePatientName,
  emptyNameLexicon,
  type PatientName,
  type ReviewerName,
} from './name-fit';
import { formalNamesOf, isPrefixShortForm, nicknamesOf, prefixShortFormsOf } from './nicknames';
import { handleKey, type NameToken, normalizeName, tokenizeName } from './normalize-name';
import { detectProcedures } from './procedures';
import { consonantSkeleton, isTypo, spellingKey, typoAllowance } from './spelling-key';
import { type MatchPatient, procedures } from './types';

const dayInMs = 86_400_000;

/** Whole days since 1970-01-01 of a `YYYY-MM-DD` date, or null when it is not one. */
export const dayNumberOfDate = (value: string | null | undefined): number | null => {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!parts) return null;
  const [, year, month, day] = parts;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isFinite(time) ? time / dayInMs : null;
};

/** Whole days since 1970-01-01 of the UTC date of an ISO 8601 timestamp, or null. */
export const dayNumberOfTimestamp = (value: string): number | null => {
  // A timestamp without a zone is read as UTC, never as the server's local time.
  const hasNoZone = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value.trim());
  const time = Date.parse(hasNoZone ? `${value.trim()}Z` : value);
  return Number.isFinite(time) ? Math.floor(time / dayInMs) : null;
};

export type IndexedPatient = {
  id: string;
  name: PatientName;
  procedure: string | null;
  /** Day number of the procedure date. */
  day: number;
  handle: string | null;
};

/**
 * One clinic's patients, prepared once so each review only looks at the few patients that share
 * a name word with it and were treated inside the date window. Build it with `buildPatientIndex`.
 */
export type PatientIndex = {
  kind: 'patient-index';
  /** Patients with a procedure date, sorted by it; positions in this array are the postings. */
  patients: IndexedPatient[];
  /** Name word (or short-form key) → positions, ascending, so also by procedure date. */
  byKey: Map<string, number[]>;
  /** Folded e-mail handle → positions. */
  byHandle: Map<string, number[]>;
  /** Normalised staff-recorded alias (`aliasKey`) → positions. */
  byAlias: Map<string, number[]>;
};

const shortFormKey = (form: string): string => `short:${form}`;

const spellingIndexKey = (key: string): string => `key:${key}`;
const skeletonIndexKey = (skeleton: string): string => `skel:${skeleton}`;

// Keys a word is looked up by besides its own letters: its spelling key and, for a word from
// Arabic script, its consonant skeleton.
const spellingKeysOf = (token: NameToken): string[] => {
  if (token.isInitial) return [];
  if (token.fromArabic) return [skeletonIndexKey(consonantSkeleton(token.value))];
  return [spellingIndexKey(token.key)];
};

const patientKeys = ({ tokens, callNames }: PatientName): Set<string> => {
  const keys = new Set<string>();
  tokens.forEach((token, at) => {
    for (const form of token.forms) keys.add(form);
    if (!token.isInitial) {
      keys.add(spellingIndexKey(token.key));
      const skeleton = consonantSkeleton(token.value);
      if (skeleton.length >= 2) keys.add(skeletonIndexKey(skeleton));
    }
    let joined = token.value;
    for (let next = at + 1; next < Math.min(at + 3, tokens.length); next += 1) {
      joined += tokens[next]?.value ?? '';
      keys.add(joined);
    }
  });
  for (const start of callNames) {
    const given = tokens[start];
    if (!given) continue;
    for (const short of prefixShortFormsOf(given.value)) keys.add(shortFormKey(short));
  }
  return keys;
};

const append = (map: Map<string, number[]>, key: string, position: number) => {
  const postings = map.get(key);
  if (postings) postings.push(position);
  else map.set(key, [position]);
};

/**
 * A patient's procedure as one of `procedures`: the clinic's own wording ("Implante dental",
 * "Saç ekimi", typed in or imported) read as a review's would be, so that it can agree with what a
 * review names. Text naming no known procedure, or several, is kept as it is.
 */
export const canonicalProcedure = (procedure: string | null): string | null => {
  if (procedure === null || (procedures as readonly string[]).includes(procedure)) return procedure;
  const named = detectProcedures(procedure);
  return named.length === 1 ? named[0]! : procedure;
};

/** Prepares one clinic's patients for `matchReview`. Patients without a procedure date never fit. */
export const buildPatientIndex = (patients: readonly MatchPatient[]): PatientIndex => {
  // Every patient's name, dated or not, tells how this clinic's names are built.
  const lexicon = emptyNameLexicon();
  for (const patient of patients) addToNameLexicon(lexicon, tokenizeName(patient.name));
  const prepared: IndexedPatient[] = [];
  for (const patient of patients) {
    const day = dayNumberOfDate(patient.procedureDate);
    if (day === null) continue;
    const local = patient.email?.split('@')[0] ?? '';
    prepared.push({
      id: patient.id,
      name: describePatientName(patient.name, lexicon),
      procedure: canonicalProcedure(patient.procedure ?? null),
      day,
      handle: local.length > 0 ? handleKey(local) : null,
    });
  }
  prepared.sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byKey = new Map<string, number[]>();
  const byHandle = new Map<string, number[]>();
  const byAlias = new Map<string, number[]>();
  const aliasesById = new Map(patients.map((patient) => [patient.id, patient.aliases ?? []]));
  prepared.forEach((patient, position) => {
    for (const key of patientKeys(patient.name)) append(byKey, key, position);
    if (patient.handle) append(byHandle, patient.handle, position);
    for (const alias of new Set((aliasesById.get(patient.id) ?? []).map(aliasKey))) {
      if (alias.length > 0) append(byAlias, alias, position);
    }
  });
  return { kind: 'patient-index', patients: prepared, byKey, byHandle, byAlias };
};

export type DayWindow = { fromDay: number; toDay: number };

const lowerBound = (index: PatientIndex, postings: readonly number[], day: number): number => {
  let low = 0;
  let high = postings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const position = postings[middle] ?? 0;
    if ((index.patients[position]?.day ?? 0) < day) low = middle + 1;
    else high = middle;
  }
  return low;
};

const windowSlice = (index: PatientIndex, key: string, window: DayWindow): readonly number[] => {
  const postings = index.byKey.get(key);
  if (!postings) return [];
  const from = lowerBound(index, postings, window.fromDay);
  const to = lowerBound(index, postings, window.toDay + 1);
  return from === 0 && to === postings.length ? postings : postings.slice(from, to);
};

// Keys under which a patient whose given name fits this reviewer word is filed.
const givenNameKeys = (word: NameToken): string[] => {
  const keys = new Set<string>(word.forms);
  for (const formal of formalNamesOf(word.value)) if (formal[0]) keys.add(formal[0]);
  for (const formal of abbreviatedNamesOf(word.value)) if (formal[0]) keys.add(formal[0]);
  for (const other of equivalentGivenNamesOf(word.value)) keys.add(other);
  for (const nickname of nicknamesOf(word.value))
    if (nickname.length === 1 && nickname[0]) keys.add(nickname[0]);
  if (isPrefixShortForm(word.value)) keys.add(shortFormKey(word.value));
  for (const key of spellingKeysOf(word)) keys.add(key);
  return [...keys];
};

const wordFromText = (text: string): NameToken => ({
  value: text,
  forms: [text],
  isInitial: text.length === 1,
  joinsNext: false,
  original: text,
  key: spellingKey(text),
  fromArabic: false,
});

// Each inner array is one condition every fitting patient meets: it is filed under one of those
// keys. Any word may be the given name, since words may come in any order.
// A word that may abbreviate a given name (`Inmac.`, `Mhmt`) is filed under no key: it sets no
// condition, like an initial.
const requirementsOf = (words: readonly NameToken[]): string[][] =>
  words
    .filter((word) => !word.isInitial && !mayBeAbbreviation(word.value, word.dotted === true))
    .map(givenNameKeys);

const collect = (index: PatientIndex, keys: readonly string[], window: DayWindow, into: Set<number>) => {
  for (const key of keys) for (const position of windowSlice(index, key, window)) into.add(position);
};

const countInWindow = (index: PatientIndex, keys: readonly string[], window: DayWindow): number => {
  let count = 0;
  for (const key of keys) count += windowSlice(index, key, window).length;
  return count;
};

// Of several conditions that must all hold, gather the patients of the one with fewest.
const collectNarrowest = (
  index: PatientIndex,
  requirements: readonly string[][],
  window: DayWindow,
  into: Set<number>,
) => {
  let narrowest: readonly string[] | null = null;
  let narrowestCount = Number.POSITIVE_INFINITY;
  for (const keys of requirements) {
    const count = countInWindow(index, keys, window);
    if (count < narrowestCount) {
      narrowest = keys;
      narrowestCount = count;
    }
  }
  if (narrowest) collect(index, narrowest, window, into);
};

/**
 * Positions of every patient treated inside the window whose name could fit the reviewer name:
 * a superset of the fitting patients, which `fitName` then checks one by one.
 */
export const candidatePositions = (
  index: PatientIndex,
  reviewer: ReviewerName,
  window: DayWindow,
): number[] => {
  const found = new Set<number>();
  collectNarrowest(index, requirementsOf(reviewer.tokens), window, found);
  const username = reviewer.concatenated;
  if (username) {
    collect(index, givenNameKeys(wordFromText(username)), window, found);
    for (let cut = 1; cut < username.length; cut += 1) {
      // Parts of one or two letters may be initials, which no key finds; the other part must match.
      const parts = [username.slice(0, cut), username.slice(cut)]
        .filter((part) => part.length > 2)
        .map((part) => givenNameKeys(wordFromText(part)));
      collectNarrowest(index, parts, window, found);
    }
  }
  return [...found];
};

/**
 * For a name whose words fit nobody as written: patients inside the window who share all but
 * one of its words (or their spellings) and have a word within typo distance of the remaining
 * one. Needs two named words or more, so a typo is never the only evidence.
 */
export const typoCandidatePositions = (
  index: PatientIndex,
  reviewer: ReviewerName,
  window: DayWindow,
): number[] => {
  const words = reviewer.tokens.filter((word) => !word.isInitial);
  if (words.length < 2) return [];
  const requirements = words.map(givenNameKeys);
  const found = new Set<number>();
  words.forEach((word, at) => {
    if (typoAllowance(word.value.length + 1) === 0) return;
    const others = requirements.filter((_, other) => other !== at);
    const near = new Set<number>();
    collectNarrowest(index, others, window, near);
    const first = word.value[0];
    for (const position of near) {
      const patient = index.patients[position];
      const isNear = (token: NameToken) =>
        token.key === word.key ||
        (token.value[0] === first && isTypo(token.value, word.value)) ||
        (token.key[0] === word.key[0] && isTypo(token.key, word.key));
      if (patient?.name.tokens.some(isNear)) {
        found.add(position);
      }
    }
  });
  return [...found];
};

/**
 * Positions of patients treated on any date whose name holds every word of the reviewer name as
 * written (two words or more, no initials): the only patients a whole name outside the date
 * window can point at. Walks the shortest word's postings, comparing words only.
 */
export const wholeNamePositions = (index: PatientIndex, reviewer: ReviewerName): number[] => {
  const words = reviewer.tokens;
  if (words.length < 2 || words.some((word) => word.isInitial)) return [];
  let narrowest: readonly number[] = [];
  words.forEach((word, at) => {
    const postings = index.byKey.get(word.value) ?? [];
    if (at === 0 || postings.length < narrowest.length) narrowest = postings;
  });
  return narrowest.filter((position) => {
    const tokens = index.patients[position]?.name.tokens ?? [];
    return words.every((word) => tokens.some((token) => token.forms.includes(word.value)));
  });
};

/** The key a staff-recorded alias and a reviewer name are compared on: the normalised name. */
export const aliasKey = (name: string): string => normalizeName(name);

/**
 * Positions of patients with this alias treated on or before the review day: a name staff tied
 * to a patient keeps pointing at them after the usual review window.
 */
export const aliasPositions = (index: PatientIndex, key: string, reviewDay: number): number[] =>
  (index.byAlias.get(key) ?? []).filter(
    (position) => (index.patients[position]?.day ?? reviewDay + 1) <= reviewDay,
  );

/** Positions of patients treated inside the window whose e-mail handle equals the key. */
export const handlePositions = (index: PatientIndex, handle: string, window: DayWindow): number[] =>
  (index.byHandle.get(handle) ?? []).filter((position) => {
    const day = index.patients[position]?.day;
    return day !== undefined && day >= window.fromDay && day <= window.toDay;
  });
