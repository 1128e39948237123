import { abbreviatedNamesOf, isAbbreviationOf, mayBeAbbreviation } from './given-name-abbreviations';
import { equivalentGivenNamesOf } from './given-name-equivalents';
import type { ReviewerName } from './name-fit';
import { formalNamesOf, isPrefixShortForm, nicknamesOf } from './nicknames';
import type { NameToken } from './normalize-name';
import type { PatientIndex } from './patient-index';
import { shortFormKey, spellingIndexKey, spellingKeysOf } from './patient-index-keys';
import { isTypo, spellingKey, typoAllowance } from './spelling-key';

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

// The run of a key's postings whose patients were treated inside the window: [from, to).
const windowRun = (
  index: PatientIndex,
  postings: readonly number[],
  window: DayWindow,
): [from: number, to: number] => [
  lowerBound(index, postings, window.fromDay),
  lowerBound(index, postings, window.toDay + 1),
];

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

// Given names patients go by that this word may abbreviate (`Mich.` Michael, `Mhmt` Mehmet).
const abbreviatedCallNames = (index: PatientIndex, word: NameToken): string[] => {
  const dotted = word.dotted === true;
  if (!mayBeAbbreviation(word.value, dotted)) return [];
  const sameInitial = index.callNamesByInitial.get(word.value[0] ?? '') ?? [];
  return sameInitial.filter((name) => isAbbreviationOf(word.value, dotted, name));
};

// Each inner array is one condition every fitting patient meets: it is filed under one of those
// keys. Any word may be the given name, since words may come in any order; a word that may
// abbreviate a given name is also met by the patients going by a name it abbreviates.
const requirementsOf = (index: PatientIndex, words: readonly NameToken[]): string[][] =>
  words
    .filter((word) => !word.isInitial)
    .map((word) => [...givenNameKeys(word), ...abbreviatedCallNames(index, word)]);

const countInWindow = (index: PatientIndex, keys: readonly string[], window: DayWindow): number => {
  let count = 0;
  for (const key of keys) {
    const postings = index.byKey.get(key);
    if (!postings) continue;
    const [from, to] = windowRun(index, postings, window);
    count += to - from;
  }
  return count;
};

const visitInWindow = (
  index: PatientIndex,
  keys: readonly string[],
  window: DayWindow,
  visit: (position: number) => void,
) => {
  for (const key of keys) {
    const postings = index.byKey.get(key);
    if (!postings) continue;
    const [from, to] = windowRun(index, postings, window);
    for (let at = from; at < to; at += 1) visit(postings[at] ?? 0);
  }
};

const nextStamp = (index: PatientIndex): number => {
  if (index.stamp >= 0x3fffffff) {
    index.marks.fill(0);
    index.stamp = 0;
  }
  index.stamp += 1;
  return index.stamp;
};

/**
 * Visits once each patient inside the window that meets every condition: the narrowest
 * condition's patients are marked, and each further condition (narrowest first) keeps only the
 * marked ones it also holds. Comparing names one by one costs far more than walking postings, so
 * every condition is applied before any name is compared.
 */
const visitMeetingAll = (
  index: PatientIndex,
  requirements: readonly string[][],
  window: DayWindow,
  visit: (position: number) => void,
) => {
  const sized = requirements
    .map((keys) => ({ keys, count: countInWindow(index, keys, window) }))
    .sort((a, b) => a.count - b.count);
  const [narrowest, ...others] = sized;
  if (!narrowest || narrowest.count === 0) return;
  let stamp = nextStamp(index);
  const { marks } = index;
  visitInWindow(index, narrowest.keys, window, (position) => {
    marks[position] = stamp;
  });
  for (const { keys } of others) {
    const kept = nextStamp(index);
    visitInWindow(index, keys, window, (position) => {
      if (marks[position] === stamp) marks[position] = kept;
    });
    stamp = kept;
  }
  const survivor = stamp;
  const visited = nextStamp(index);
  visitInWindow(index, narrowest.keys, window, (position) => {
    if (marks[position] !== survivor) return;
    marks[position] = visited;
    visit(position);
  });
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
  const add = (position: number) => found.add(position);
  visitMeetingAll(index, requirementsOf(index, reviewer.tokens), window, add);
  const username = reviewer.concatenated;
  if (username) {
    visitMeetingAll(index, [givenNameKeys(wordFromText(username))], window, add);
    for (let cut = 1; cut < username.length; cut += 1) {
      // Parts of one or two letters may be initials, which no key finds; the other part must match.
      const parts = [username.slice(0, cut), username.slice(cut)]
        .filter((part) => part.length > 2)
        .map((part) => givenNameKeys(wordFromText(part)));
      visitMeetingAll(index, parts, window, add);
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
  const requirements = requirementsOf(index, words);
  const found = new Set<number>();
  words.forEach((word, at) => {
    if (typoAllowance(word.value.length + 1) === 0) return;
    const others = requirements.filter((_, other) => other !== at);
    const first = word.value[0];
    // Patients' words repeat (thousands of Marías): each distinct word is compared once.
    const nearByValue = new Map<string, boolean>();
    const isNear = (token: NameToken): boolean => {
      let near = nearByValue.get(token.value);
      if (near === undefined) {
        near =
          token.key === word.key ||
          (token.value[0] === first && isTypo(token.value, word.value)) ||
          (token.key[0] === word.key[0] && isTypo(token.key, word.key));
        nearByValue.set(token.value, near);
      }
      return near;
    };
    // The patients' words near this one, found among the clinic's distinct words, are one more
    // condition: far fewer patients hold one of them than meet the other words.
    const nearKeys = [spellingIndexKey(word.key)];
    for (const value of index.wordsByInitial.get(first ?? '') ?? []) {
      if (isTypo(value, word.value)) nearKeys.push(value);
    }
    for (const key of index.spellingKeysByInitial.get(word.key[0] ?? '') ?? []) {
      if (isTypo(key, word.key)) nearKeys.push(spellingIndexKey(key));
    }
    visitMeetingAll(index, [...others, nearKeys], window, (position) => {
      if (index.patients[position]?.name.tokens.some(isNear)) found.add(position);
    });
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
