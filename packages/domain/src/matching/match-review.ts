import { fitName, type NameFit, parseReviewerName } from './name-fit';
import {
  buildPatientIndex,
  candidatePositions,
  type DayWindow,
  dayNumberOfTimestamp,
  handlePositions,
  type IndexedPatient,
  type PatientIndex,
} from './patient-index';
import { constrainingProcedures } from './procedures';
import {
  defaultMatchOptions,
  type MatchOptions,
  type MatchPatient,
  type MatchResult,
  type MatchReviewInput,
  type Procedure,
} from './types';

const emailHandleStrength = 0.97;

const unmatched = (confidence: number): MatchResult => ({
  status: 'unmatched',
  patientId: null,
  candidateIds: [],
  confidence,
});

const fitsProcedure = (patient: IndexedPatient, named: readonly Procedure[]): boolean =>
  named.length === 0 ||
  patient.procedure === null ||
  (named as readonly string[]).includes(patient.procedure);

const round = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

type Fitting = { patient: IndexedPatient; fit: NameFit };

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
    return {
      status: 'matched',
      patientId: only.patient.id,
      candidateIds: [],
      confidence: round(matchedConfidence(only, named)),
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

  if (reviewer.handle && !reviewer.isAnonymous) {
    const byHandle: Fitting[] = [];
    for (const position of handlePositions(index, reviewer.handle, window)) {
      const patient = index.patients[position];
      if (!patient || !fitsProcedure(patient, named)) continue;
      byHandle.push({
        patient,
        fit: { kind: 'email_handle', strength: emailHandleStrength, usesNickname: false },
      });
    }
    if (byHandle.length > 0) return decide(byHandle, named, settings.maxCandidates);
  }
  if (reviewer.isAnonymous) return unmatched(0);

  const fitting: Fitting[] = [];
  for (const position of candidatePositions(index, reviewer, window)) {
    const patient = index.patients[position];
    if (!patient || !fitsProcedure(patient, named)) continue;
    const fit = fitName(reviewer, patient.name);
    if (!fit) continue;
    fitting.push({ patient, fit });
    // Past the limit the answer is settled: too many fit to single anyone out.
    if (fitting.length > settings.maxCandidates) return unmatched(0.01);
  }
  return decide(fitting, named, settings.maxCandidates);
};
