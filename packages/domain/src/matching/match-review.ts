import type { MatchEvidence, NameFit } from './fit-evidence';
import { confidenceFromWeight, evidenceWeights, outsideWindowConfidenceCap } from './match-weights';
import { fitName, parseReviewerName, type ReviewerName } from './name-fit';
import {
  aliasKey,
  buildPatientIndex,
  dayNumberOfTimestamp,
  type IndexedPatient,
  type PatientIndex,
} from './patient-index';
import {
  aliasPositions,
  candidatePositions,
  type DayWindow,
  handlePositions,
  typoCandidatePositions,
  wholeNamePositions,
} from './patient-index-lookup';
import { constrainingProcedures } from './procedures';
import { otherReviewerReadings } from './reviewer-readings';
import {
  defaultMatchOptions,
  type MatchOptions,
  type MatchPatient,
  type MatchResult,
  type MatchReviewInput,
  type Procedure,
} from './types';

const unmatched = (confidence: number): MatchResult => ({
  status: 'unmatched',
  patientId: null,
  candidateIds: [],
  confidence,
  basis: null,
  evidence: [],
});

const fitsProcedure = (patient: IndexedPatient, named: readonly Procedure[]): boolean =>
  named.length === 0 ||
  patient.procedure === null ||
  (named as readonly string[]).includes(patient.procedure);

const round = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

type Fitting = { patient: IndexedPatient; fit: NameFit };

const singleEvidenceFit = (kind: 'email_handle' | 'staff_alias', weight: number): NameFit => ({
  kind,
  weight,
  strength: confidenceFromWeight(weight),
  usesNickname: false,
  evidence: [kind],
});

const looseEvidence = new Set<MatchEvidence>([
  'given_spelling',
  'given_equivalent',
  'given_typo',
  'surname_spelling',
  'surname_typo',
  'reordered',
  'second_surname_only',
]);

// A fit that needed another spelling, a typo, another word order or the second surname alone.
export const isLooseFit = (fit: NameFit): boolean =>
  fit.evidence.some((evidence) => looseEvidence.has(evidence));

// Evidence beyond the name: a named procedure that agrees adds a little; a patient whose
// procedure is unknown was let through without that check, so takes a little off.
const matchedConfidence = ({ patient, fit }: Fitting, named: readonly Procedure[]): number => {
  if (named.length === 0) return fit.strength;
  return patient.procedure === null ? fit.strength - 0.05 : fit.strength + 0.03;
};

const decide = (
  fitting: readonly Fitting[],
  named: readonly Procedure[],
  maxCandidates: number,
): MatchResult => {
  const [only] = fitting;
  if (fitting.length === 1 && only) {
    const procedureAgrees = named.length > 0 && only.patient.procedure !== null;
    return {
      status: 'matched',
      patientId: only.patient.id,
      candidateIds: [],
      confidence: round(matchedConfidence(only, named)),
      basis: only.fit.kind,
      evidence: procedureAgrees ? [...only.fit.evidence, 'procedure'] : [...only.fit.evidence],
    };
  }
  if (fitting.length === 0) return unmatched(0);
  if (fitting.length > maxCandidates) return unmatched(0.01);
  const strongest = Math.max(...fitting.map(({ fit }) => fit.strength));
  return {
    status: 'multiple_matches',
    patientId: null,
    candidateIds: [...new Set(fitting.map(({ patient }) => patient.id))].sort(),
    confidence: round(strongest / fitting.length),
    basis: null,
    evidence: [],
  };
};

/**
 * Matches one review to the clinic's patients. Pass the clinic's `PatientIndex` (built once with
 * `buildPatientIndex`) when matching many reviews; a plain patient list is indexed on the spot.
 *
 * A patient fits when the reviewer name is a plausible way to write the patient's name, the
 * patient had the procedure the review names (if it names one), and the review's UTC date is
 * 0–180 days after the procedure date. One fitting patient → `matched`; 2–5 →
 * `multiple_matches`; none or more than 5 → `unmatched`. A reviewer name equal to a fitting
 * patient's e-mail handle (ignoring case, `.`, `_`, `-`) identifies that patient alone.
 * Deterministic and free of I/O.
 */
export const matchReview = (
  review: MatchReviewInput,
  patients: PatientIndex | readonly MatchPatient[],
  options: MatchOptions = {},
): MatchResult => {
  const index = 'kind' in patients ? patients : buildPatientIndex(patients);
  const settings = { ...defaultMatchOptions, ...options };
  const reviewDay = dayNumberOfTimestamp(review.reviewDate);
  if (reviewDay === null) return unmatched(0);
  const window: DayWindow = {
    fromDay: reviewDay - settings.maxDaysAfter,
    toDay: reviewDay - settings.minDaysAfter,
  };
  const named = constrainingProcedures(`${review.title ?? ''}\n${review.text ?? ''}`);
  const reviewer = parseReviewerName(review.reviewerName);

  if (!reviewer.isAnonymous) {
    const byAlias: Fitting[] = [];
    for (const position of aliasPositions(index, aliasKey(reviewer.raw), reviewDay)) {
      const patient = index.patients[position];
      if (!patient || !fitsProcedure(patient, named)) continue;
      byAlias.push({ patient, fit: singleEvidenceFit('staff_alias', evidenceWeights.staffAlias) });
    }
    if (byAlias.length > 0) return decide(byAlias, named, settings.maxCandidates);
  }

  if (reviewer.handle && !reviewer.isAnonymous) {
    const byHandle: Fitting[] = [];
    for (const position of handlePositions(index, reviewer.handle, window)) {
      const patient = index.patients[position];
      if (!patient || !fitsProcedure(patient, named)) continue;
      byHandle.push({
        patient,
        fit: singleEvidenceFit('email_handle', evidenceWeights.emailHandle),
      });
    }
    if (byHandle.length > 0) return decide(byHandle, named, settings.maxCandidates);
  }
  if (reviewer.isAnonymous) return unmatched(0);

  const byName = (name: ReviewerName) =>
    matchByName(index, name, named, window, settings.maxCandidates, reviewDay);
  const asWritten = byName(reviewer);
  if (!isNothing(asWritten)) return asWritten;
  // "Harriet Ashworth · London", "Ana Ruiz (Local Guide)": the name beside other words.
  for (const reading of otherReviewerReadings(reviewer.raw)) {
    const other = parseReviewerName(reading);
    if (other.isAnonymous || other.tokens.length === 0) continue;
    const result = byName(other);
    if (!isNothing(result)) return result;
  }
  return asWritten;
};

const isNothing = (result: MatchResult): boolean =>
  result.status === 'unmatched' && result.confidence === 0 && result.candidateIds.length === 0;

/** The patients a reviewer name fits inside the window, decided; or the one whole name outside it. */
const matchByName = (
  index: PatientIndex,
  reviewer: ReviewerName,
  named: readonly Procedure[],
  window: DayWindow,
  maxCandidates: number,
  reviewDay: number,
): MatchResult => {
  const fitting: Fitting[] = [];
  const tryPositions = (positions: readonly number[]): boolean => {
    for (const position of positions) {
      const patient = index.patients[position];
      if (!patient || !fitsProcedure(patient, named)) continue;
      const fit = fitName(reviewer, patient.name);
      if (!fit) continue;
      fitting.push({ patient, fit });
      // Past the limit the answer is settled: too many fit to single anyone out.
      if (fitting.filter((one) => !isLooseFit(one.fit)).length > maxCandidates) return false;
    }
    return true;
  };
  if (!tryPositions(candidatePositions(index, reviewer, window))) return unmatched(0.01);
  const hasExactFit = () => fitting.some(({ fit }) => !isLooseFit(fit));
  if (!hasExactFit()) {
    const tried = new Set(fitting.map(({ patient }) => patient.id));
    const more = typoCandidatePositions(index, reviewer, window).filter(
      (position) => !tried.has(index.patients[position]?.id ?? ''),
    );
    if (!tryPositions(more)) return unmatched(0.01);
  }
  // A name that fits some patients as written says nothing for the ones it only fits loosely.
  const exact = fitting.filter(({ fit }) => !isLooseFit(fit));
  if (fitting.length === 0) return fullNameOutsideWindow(index, reviewer, named, reviewDay);
  return decide(exact.length > 0 ? exact : fitting, named, maxCandidates);
};

// Given name and surname(s) written exactly as recorded: no nickname, initial, typo or other order.
const writtenOutEvidence = new Set<MatchEvidence>(['given_name', 'surname', 'whole_name']);
const isWrittenOut = (fit: NameFit): boolean =>
  (fit.kind === 'full_name' || fit.kind === 'given_and_surname') &&
  fit.evidence.every((evidence) => writtenOutEvidence.has(evidence));

/**
 * A reviewer who writes out a patient's whole name exactly, with no patient fitting inside the
 * date window, may still be that patient (a record created after the visit, a date typed wrong, a
 * review written long after). It is not a match: a namesake writing days before or long after
 * the treatment is as likely. The one such patient is offered as a candidate of an `unmatched`
 * review, at a lowered confidence, for staff to decide (`needsStaffReview`).
 */
const fullNameOutsideWindow = (
  index: PatientIndex,
  reviewer: ReviewerName,
  named: readonly Procedure[],
  reviewDay: number,
): MatchResult => {
  const found: Fitting[] = [];
  for (const position of wholeNamePositions(index, reviewer)) {
    const patient = index.patients[position];
    if (!patient || !fitsProcedure(patient, named)) continue;
    const fit = fitName(reviewer, patient.name);
    if (!fit || !isWrittenOut(fit)) continue;
    found.push({ patient, fit });
    if (found.length > 1) return unmatched(0);
  }
  const [only] = found;
  if (!only) return unmatched(0);
  const weight = only.fit.weight + evidenceWeights.outsideDateWindow;
  return {
    status: 'unmatched',
    patientId: null,
    candidateIds: [only.patient.id],
    confidence: round(Math.min(outsideWindowConfidenceCap, confidenceFromWeight(weight))),
    basis: only.fit.kind,
    evidence: [
      ...only.fit.evidence,
      only.patient.day > reviewDay ? 'before_procedure' : 'long_after_procedure',
    ],
  };
};
