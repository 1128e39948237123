import { describe, expect, it } from 'vitest';
import { predictReviews, readPatientsCsv, readReviewsJsonl } from './match-data';

const patientsCsv = [
  'id,clinic_id,name,email,phone,procedure,procedure_date,created_at',
  'pat_a,cln_1,"Mitchell, Linda",linda.m@x.com,+1555,Root Canal,2025-01-10,2024-12-01T00:00:00.000Z',
  'pat_b,cln_1,Linda Mitchell,,+1555,Dental Implant,2025-01-12,2024-12-01T00:00:00.000Z',
  'pat_c,cln_2,Linda Mitchell,,+1555,Root Canal,2025-01-10,2024-12-01T00:00:00.000Z',
].join('\n');

const reviewsJsonl = [
  '{"id":"r1","clinic_id":"cln_2","provider":"trustpilot","reviewer_name":"Linda Mitchell","rating":5,"title":"Great","text":"Thanks","review_date":"2025-02-01T10:00:00.000Z","language":"en"}',
  '',
  '{"id":"r2","clinic_id":"cln_1","provider":"trustpilot","reviewer_name":"linda.m","rating":4,"title":"Ok","text":"Fine","review_date":"2025-02-01T10:00:00.000Z","language":"en"}',
].join('\n');

describe('predictReviews', () => {
  it('matches each review against its own clinic only, in the reviews’ order', () => {
    const predictions = predictReviews(readPatientsCsv(patientsCsv), readReviewsJsonl(reviewsJsonl));
    expect(
      predictions.map(({ review_id, match_status, patient_id }) => [review_id, match_status, patient_id]),
    ).toEqual([
      ['r1', 'matched', 'pat_c'],
      ['r2', 'matched', 'pat_a'],
    ]);
  });

  it('rejects a review line that is not an object', () => {
    expect(() => readReviewsJsonl('[1,2]')).toThrow(/not a JSON object/);
  });
});
