import { describe, expect, it } from 'vitest';
import { matchReview } from './match-review';
import { needsStaffReview } from './review-rule';
import type { MatchPatient } from './types';

const clinic: MatchPatient[] = [
  { id: 'pat_james', name: 'James Whitfield', procedure: 'Dental Implant', procedureDate: '2025-01-10' },
  { id: 'pat_emily', name: 'Emily Carter', procedure: 'Teeth Whitening', procedureDate: '2025-01-12' },
  { id: 'pat_linda', name: 'Linda Mitchell', procedure: 'Root Canal', procedureDate: '2025-01-05' },
  { id: 'pat_linda2', name: 'Linda Moreno', procedure: 'Root Canal', procedureDate: '2025-01-06' },
  {
    id: 'pat_ana',
    name: 'Ana García López',
    email: 'agarcia77@example.com',
    procedure: null,
    procedureDate: '2025-01-07',
    aliases: ['Happy Smile 22'],
  },
];

const reviewBy = (reviewerName: string, text = 'Great clinic.') =>
  matchReview({ id: 'rev', reviewerName, title: null, text, reviewDate: '2025-02-01T10:00:00.000Z' }, clinic);

describe('needsStaffReview: weak evidence is shown to staff, identifying evidence is trusted', () => {
  it.each<[string, string, string, boolean]>([
    // The browser spec's case: first name + surname initial + the named procedure is 0.95
    // calibrated, yet many people outside the clinic write "James W.".
    ['first name and surname initial, procedure named', 'James W.', 'My new implant is great', true],
    ['first name and surname initial', 'James W.', 'Great clinic.', true],
    ['first name alone', 'Emily', 'Great clinic.', true],
    ['full name', 'Emily Carter', 'Great clinic.', false],
    ['full name and procedure', 'Emily Carter', 'The whitening was quick', false],
    ['surname with a given-name initial', 'J. Whitfield', 'Great clinic.', false],
    ['surname misspelt once', 'James Whitfeld', 'Great clinic.', false],
    ['e-mail handle', 'agarcia77', 'Great clinic.', false],
    ['staff alias', 'Happy Smile 22', 'Great clinic.', false],
    ['several patients fit', 'Linda M.', 'Great clinic.', true],
  ])('%s (%s)', (_label, name, text, expected) => {
    const result = reviewBy(name, text);
    expect(result.status).not.toBe('unmatched');
    expect(needsStaffReview(result)).toBe(expected);
  });

  it('a named procedure the patient record lacks keeps even a full name below the trusted confidence', () => {
    const result = reviewBy('Ana García López', 'My hair transplant went well');
    expect(result.status).toBe('matched');
    expect(result.confidence).toBeLessThan(0.95);
    expect(needsStaffReview(result)).toBe(true);
  });

  it('never flags an unmatched review', () => {
    const result = reviewBy('Somebody Else');
    expect(result.status).toBe('unmatched');
    expect(needsStaffReview(result)).toBe(false);
  });

  it('lists the agreeing evidence of a match, the procedure included', () => {
    expect(reviewBy('James W.', 'My new implant is great').evidence.sort()).toEqual(
      ['given_name', 'procedure', 'surname_initial'].sort(),
    );
    expect(reviewBy('Happy Smile 22').evidence).toEqual(['staff_alias']);
  });
});
