import type { AgreementLevel, LevelCounts, Tally } from './word-alignment';

// Fellegi-Sunter agreement weights, in bits: log2(m / u), where m is how often the evidence is
// seen when the review really is by this patient, and u how often when it is by someone else
// treated in the same period. The m and u below are estimates from how names are distributed
// (a given name is shared by about 1 in 40 patients of a clinic, a surname by about 1 in 150,
// an initial by about 1 in 15), not fitted to any data set; README.md explains each one.
export const agreementWeights: Readonly<Record<'given' | 'surname', Record<AgreementLevel, number>>> = {
  given: { word: 5, nickname: 4.5, abbreviation: 4.5, spelling: 4.5, equivalent: 3.5, typo: 3, initial: 2.5 },
  // Abbreviations and other-language forms are read for given names only; the surname row is
  // never used for them.
  surname: { word: 7, nickname: 7, abbreviation: 7, spelling: 6.5, equivalent: 6.5, typo: 5, initial: 3.5 },
};

export const evidenceWeights = {
  /** Every word of the patient's name written, nothing abbreviated or guessed. */
  wholeName: 1.5,
  /** The reviewer wrote the words in another order than the patient's name. */
  reordered: -1,
  /** Only the second of two surnames written. */
  secondSurnameOnly: -1,
  /** The reviewer name equals the patient's e-mail handle. */
  emailHandle: 14,
  /** A name staff recorded for this patient before (a confirmed or reassigned match). */
  staffAlias: 14,
  /**
   * Written outside the 0–180 day window: m ≈ 0.02 (few patients review before their treatment
   * or half a year after it), u ≈ 0.5 (a namesake is as likely then as any other time).
   */
  outsideDateWindow: -4.5,
  /** The review names the procedure the patient had. */
  procedureAgrees: 2,
  /** The patient's procedure is unknown, so a named procedure could not be checked. */
  procedureUnknown: -0.5,
} as const;

const sumCounts = (counts: LevelCounts, weights: Record<AgreementLevel, number>): number =>
  (Object.keys(weights) as AgreementLevel[]).reduce((sum, level) => sum + counts[level] * weights[level], 0);

/** Every word of the patient's name written out (no initial, typo, abbreviation or other-language form), two words or more. */
export const isWholeName = (tally: Tally, patientWords: number): boolean =>
  patientWords >= 2 &&
  tally.covered === patientWords &&
  tally.given.initial +
    tally.surname.initial +
    tally.given.typo +
    tally.surname.typo +
    tally.given.abbreviation +
    tally.given.equivalent ===
    0;

/** The agreement weight of one alignment of reviewer words onto a patient's name. */
export const alignmentWeight = (tally: Tally, patientWords: number, reordered: boolean): number => {
  let weight =
    sumCounts(tally.given, agreementWeights.given) + sumCounts(tally.surname, agreementWeights.surname);
  if (isWholeName(tally, patientWords)) weight += evidenceWeights.wholeName;
  if (reordered) weight += evidenceWeights.reordered;
  if (tally.skippedFirstSurname) weight += evidenceWeights.secondSurnameOnly;
  return weight;
};

// Prior log-odds (bits) that a review singles out one particular patient before its name is read:
// about 1 in 2^4 reviews of a named reviewer with a lone fitting name is by someone else (a
// non-patient who shares it). Chosen so that confidence stays at or below the measured share of
// correct matches (the reliability table of `npm run match:eval`).
const priorBits = -4;

/** Posterior probability of a match from its total weight in bits, capped below 1. */
export const confidenceFromWeight = (weight: number): number =>
  Math.min(0.99, 1 / (1 + 2 ** -(weight + priorBits)));

/**
 * Highest confidence of a whole name written outside the date window: even odds at best, since
 * a namesake writing then is as likely as the patient (the development set's namesakes).
 */
export const outsideWindowConfidenceCap = 0.5;
