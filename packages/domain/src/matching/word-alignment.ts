import { abbreviatedNamesOf, isAbbreviationOf } from './given-name-abbreviations';
import { areEquivalentGivenNames } from './given-name-equivalents';
import { isCommonGivenName } from './given-names';
import { formalNamesOf, isKnownGivenName, isPrefixShortForm } from './nicknames';
import type { NameToken } from './normalize-name';
import type { PatientName } from './patient-name';
import { spellingAgreement } from './spelling-key';

/** How one reviewer word agrees with the patient's word(s) it stands for, strongest first. */
export const agreementLevels = [
  'word',
  'nickname',
  'abbreviation',
  'spelling',
  'equivalent',
  'typo',
  'initial',
] as const;

export type AgreementLevel = (typeof agreementLevels)[number];

export type LevelCounts = Record<AgreementLevel, number>;

/** The evidence of one alignment: agreements on given names and on surnames, by level. */
export type Tally = {
  given: LevelCounts;
  surname: LevelCounts;
  /** Patient words the reviewer words stand for. */
  covered: number;
  /** The first surname was left out and the second one written (`María López` for María García López). */
  skippedFirstSurname: boolean;
};

export const emptyCounts = (): LevelCounts => ({
  word: 0,
  nickname: 0,
  abbreviation: 0,
  spelling: 0,
  equivalent: 0,
  typo: 0,
  initial: 0,
});

/** Agreements that name a word rather than abbreviate it. */
export const namedCount = (counts: LevelCounts): number =>
  counts.word + counts.nickname + counts.abbreviation + counts.spelling + counts.equivalent + counts.typo;

const sharesForm = (a: NameToken, b: NameToken): boolean => a.forms.some((form) => b.forms.includes(form));

export const joinedValue = (patient: readonly NameToken[], from: number, count: number): string | null => {
  if (from + count > patient.length) return null;
  let joined = '';
  for (let index = from; index < from + count; index += 1) joined += patient[index]?.value ?? '';
  return joined;
};

type Step = { consumed: number; kind: AgreementLevel };

// Spanish women named "María X" are often known by a nickname of X alone.
export const omissibleFirstNames = new Set(['maria', 'ma']);

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
  else {
    const spelling = spellingAgreement(word, target);
    if (spelling) steps.push({ consumed: 1, kind: spelling });
  }
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
  // "Fco." for Francisco, "Mª" for María, "Wm." for William: a conventional written abbreviation.
  for (const formal of abbreviatedNamesOf(word.value)) {
    if (formal.every((part, offset) => patient[at + offset]?.value === part)) {
      steps.push({ consumed: formal.length, kind: 'abbreviation' });
    }
  }
  if (
    !isKnownGivenName(word.value) &&
    !isCommonGivenName(word.value) &&
    isAbbreviationOf(word.value, word.dotted === true, target.value)
  ) {
    steps.push({ consumed: 1, kind: 'abbreviation' });
  }
  // José signing as Joseph abroad: the same name in another language (only with a surname).
  if (!sharesForm(word, target) && areEquivalentGivenNames(word.value, target.value)) {
    steps.push({ consumed: 1, kind: 'equivalent' });
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

const add = (counts: LevelCounts, level: AgreementLevel): LevelCounts => ({
  ...counts,
  [level]: counts[level] + 1,
});

// A typo is weak evidence: at most one, and never the only word that agrees. A given name in
// another language's form says little alone: it needs a surname written out beside it.
const isAcceptable = (tally: Tally): boolean => {
  const typos = tally.given.typo + tally.surname.typo;
  const named = namedCount(tally.given) + namedCount(tally.surname);
  const surnameWritten = tally.surname.word + tally.surname.spelling > 0;
  return typos <= 1 && named - typos >= 1 && (tally.given.equivalent === 0 || surnameWritten);
};

/**
 * The best alignment (by `score`) of reviewer words onto the patient's words, in order: the first
 * reviewer word stands for a name the patient goes by; then come more given names (in order, any
 * may be left out) and then the surnames, starting with the first surname or, for a patient with
 * two surnames, the second (a Spanish second surname may be left out, or written alone; an
 * initial may stand for either). A given name's initial only counts before another word ("John
 * F. Kennedy"); a final initial is the surname's. Null when none exists.
 */
export const alignWords = (
  reviewer: readonly NameToken[],
  patient: PatientName,
  score: (tally: Tally) => number,
): Tally | null => {
  const tokens = patient.tokens;
  if (reviewer.length === 0 || reviewer.length > tokens.length) return null;
  let best: Tally | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const surnameStart of patient.surnameStarts) {
    const canSkipFirstSurname = tokens.length - surnameStart >= 2 && !tokens[surnameStart]?.joinsNext;
    const visit = (index: number, from: number, inSurnames: boolean, tally: Tally): void => {
      if (index === reviewer.length) {
        if (!isAcceptable(tally)) return;
        const value = score(tally);
        if (value > bestScore) {
          best = tally;
          bestScore = value;
        }
        return;
      }
      const word = reviewer[index];
      if (!word) return;
      let positions: number[];
      if (index === 0) positions = patient.callNames.filter((at) => at < surnameStart);
      else if (inSurnames) positions = range(from, tokens.length);
      // A surname initial is too little to tell which surname it abbreviates.
      else if (word.isInitial) positions = range(from, tokens.length);
      else {
        positions = [...range(from, surnameStart), surnameStart];
        if (canSkipFirstSurname) positions.push(surnameStart + 1);
      }
      const isLast = index === reviewer.length - 1;
      for (const at of positions) {
        if (word.isInitial && index > 0 && isLast && at < surnameStart) continue;
        // The initial of a hyphenated surname is its first part's: Diaz-Rutherford is D.
        if (word.isInitial && tokens[at - 1]?.joinsNext) continue;
        const skipsFirstSurname = !inSurnames && !word.isInitial && at === surnameStart + 1;
        for (const step of stepsAt(word, tokens, at, index === 0)) {
          const next = at + step.consumed;
          // A nickname or joined word stands for given names or for surnames, not both.
          if (at < surnameStart && next > surnameStart) continue;
          const reachesSurnames = next > surnameStart;
          visit(index + 1, next, inSurnames || reachesSurnames, {
            given: reachesSurnames ? tally.given : add(tally.given, step.kind),
            surname: reachesSurnames ? add(tally.surname, step.kind) : tally.surname,
            covered: tally.covered + step.consumed,
            skippedFirstSurname: tally.skippedFirstSurname || skipsFirstSurname,
          });
        }
      }
    };
    visit(0, 0, false, {
      given: emptyCounts(),
      surname: emptyCounts(),
      covered: 0,
      skippedFirstSurname: false,
    });
  }
  return best;
};

const range = (from: number, to: number): number[] => {
  const values: number[] = [];
  for (let value = from; value < to; value += 1) values.push(value);
  return values;
};
