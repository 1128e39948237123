import {
  buildPatientIndex,
  type MatchPatient,
  type MatchReviewInput,
  type MatchStatus,
  matchReview,
  needsStaffReview,
  type PatientIndex,
} from '@careloop/domain/matching/index';
import { parseCsvRecords } from './csv';

/** A review line of the data set's reviews.jsonl, with the clinic it was posted for. */
export type ClinicReview = MatchReviewInput & { clinicId: string };

/** One line of the prediction format (see the matching data set's README). */
export type Prediction = {
  review_id: string;
  match_status: MatchStatus;
  patient_id: string | null;
  confidence: number;
  candidate_ids: string[];
  /** The engine's outcome is shown to staff as "Needs review" (`needsStaffReview`). */
  needs_review: boolean;
};

/** Reads patients.csv into each clinic's patient list. */
export const readPatientsCsv = (text: string): Map<string, MatchPatient[]> => {
  const byClinic = new Map<string, MatchPatient[]>();
  for (const record of parseCsvRecords(text)) {
    const clinicId = record.clinic_id ?? '';
    const patients = byClinic.get(clinicId) ?? [];
    patients.push({
      id: record.id ?? '',
      name: record.name ?? '',
      email: record.email || null,
      procedure: record.procedure || null,
      procedureDate: record.procedure_date || null,
    });
    byClinic.set(clinicId, patients);
  }
  return byClinic;
};

const stringField = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Reads reviews.jsonl (blank lines skipped); throws on a line that is not a review object. */
export const readReviewsJsonl = (text: string): ClinicReview[] =>
  text
    .split(/\r?\n/)
    .map((line, at) => ({ line: line.trim(), number: at + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, number }) => {
      const value: unknown = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new Error(`reviews line ${number}: not a JSON object`);
      }
      const record = value as Record<string, unknown>;
      const id = stringField(record.id);
      const reviewDate = stringField(record.review_date);
      if (!id || !reviewDate) throw new Error(`reviews line ${number}: id and review_date are required`);
      return {
        id,
        clinicId: stringField(record.clinic_id) ?? '',
        reviewerName: stringField(record.reviewer_name) ?? '',
        title: stringField(record.title),
        text: stringField(record.text),
        reviewDate,
        language: stringField(record.language),
      };
    });

/** Runs the engine on every review, one index per clinic, in the reviews' order. */
export const predictReviews = (
  patientsByClinic: ReadonlyMap<string, readonly MatchPatient[]>,
  reviews: readonly ClinicReview[],
): Prediction[] => {
  const indexes = new Map<string, PatientIndex>();
  const indexOf = (clinicId: string): PatientIndex => {
    let index = indexes.get(clinicId);
    if (!index) {
      index = buildPatientIndex(patientsByClinic.get(clinicId) ?? []);
      indexes.set(clinicId, index);
    }
    return index;
  };
  return reviews.map((review) => {
    const result = matchReview(review, indexOf(review.clinicId));
    return {
      review_id: review.id,
      match_status: result.status,
      patient_id: result.patientId,
      confidence: result.confidence,
      candidate_ids: result.candidateIds,
      needs_review: needsStaffReview(result),
    };
  });
};
