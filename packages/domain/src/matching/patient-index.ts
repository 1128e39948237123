import {
  addToNameLexicon,
  describePatientName,
  emptyNameLexicon,
  type PatientName,
  type ReviewerName,
} from './name-fit';
import { formalNamesOf, isPrefixShortForm, nicknamesOf, prefixShortFormsOf } from './nicknames';
import { handleKey, type NameToken, tokenizeName } from './normalize-name';
import type { MatchPatient } from './types';

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
};

const shortFormKey = (form: string): string => `short:${form}`;

const patientKeys = ({ tokens, callNames }: PatientName): Set<string> => {
  const keys = new Set<string>();
  tokens.forEach((token, at) => {
    for (const form of token.forms) keys.add(form);
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
      procedure: patient.procedure ?? null,
      day,
      handle: local.length > 0 ? handleKey(local) : null,
    });
  }
  prepared.sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byKey = new Map<string, number[]>();
  const byHandle = new Map<string, number[]>();
  prepared.forEach((patient, position) => {
    for (const key of patientKeys(patient.name)) append(byKey, key, position);
    if (patient.handle) append(byHandle, patient.handle, position);
  });
  return { kind: 'patient-index', patients: prepared, byKey, byHandle };
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
  for (const nickname of nicknamesOf(word.value))
    if (nickname.length === 1 && nickname[0]) keys.add(nickname[0]);
  if (isPrefixShortForm(word.value)) keys.add(shortFormKey(word.value));
  return [...keys];
};

const wordFromText = (text: string): NameToken => ({
  value: text,
  forms: [text],
  isInitial: text.length === 1,
  joinsNext: false,
  original: text,
});

// Each inner array is one condition every fitting patient meets: it is filed under one of those keys.
const requirementsOf = (words: readonly NameToken[]): string[][] => {
  const requirements: string[][] = [];
  words.forEach((word, at) => {
    if (word.isInitial) return;
    requirements.push(at === 0 ? givenNameKeys(word) : [...word.forms]);
  });
  return requirements;
};

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
  if (reviewer.reversedTokens)
    collectNarrowest(index, requirementsOf(reviewer.reversedTokens), window, found);
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

/** Positions of patients treated inside the window whose e-mail handle equals the key. */
export const handlePositions = (index: PatientIndex, handle: string, window: DayWindow): number[] =>
  (index.byHandle.get(handle) ?? []).filter((position) => {
    const day = index.patients[position]?.day;
    return day !== undefined && day >= window.fromDay && day <= window.toDay;
  });
