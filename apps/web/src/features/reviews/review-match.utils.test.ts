import type { ReviewMatchDetail } from '@careloop/contracts/review-matches';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  canConfirmMatch,
  describeMatchState,
  matchErrorText,
  otherCandidates,
  unknownHistoryPatientIds,
} from './review-match.utils';

const base: ReviewMatchDetail = {
  reviewId: 'rev_1',
  matchStatus: 'matched',
  matchConfidence: 0.9,
  patient: { id: 'P-1', name: 'Emily Carter' },
  decidedBy: 'engine',
  needsReview: false,
  evidence: ['whole_name'],
  candidates: [
    { id: 'P-1', name: 'Emily Carter', procedure: null, procedureDate: null },
    { id: 'P-2', name: 'Emily Cartwright', procedure: null, procedureDate: null },
  ],
  history: [],
};

const state = (patientId: string | null, matchStatus: ReviewMatchDetail['matchStatus'] = 'matched') => ({
  matchStatus,
  patientId,
  matchConfidence: null,
});

describe('canConfirmMatch', () => {
  it.each([
    ['an engine match', base, true],
    ['a match staff already decided', { ...base, decidedBy: 'staff' as const }, false],
    ['multiple matches', { ...base, matchStatus: 'multiple_matches' as const, patient: null }, false],
    ['no match', { ...base, matchStatus: 'unmatched' as const, patient: null }, false],
  ])('%s -> %s', (_label, detail, expected) => {
    expect(canConfirmMatch(detail)).toBe(expected);
  });
});

describe('otherCandidates', () => {
  it('leaves out the patient the review is matched to', () => {
    expect(otherCandidates(base).map((c) => c.id)).toEqual(['P-2']);
    expect(otherCandidates({ ...base, patient: null }).map((c) => c.id)).toEqual(['P-1', 'P-2']);
  });
});

describe('unknownHistoryPatientIds', () => {
  it('lists each patient of the history that neither the match nor the candidates name, once', () => {
    const history = [
      { id: 'a1', at: '', by: null, decision: 'match' as const, from: state('P-7'), to: state('P-1') },
      {
        id: 'a2',
        at: '',
        by: null,
        decision: 'unmatch' as const,
        from: state('P-9'),
        to: state(null, 'unmatched'),
      },
      { id: 'a3', at: '', by: null, decision: 'match' as const, from: state('P-2'), to: state('P-7') },
    ];
    expect(unknownHistoryPatientIds({ ...base, history })).toEqual(['P-7', 'P-9']);
  });
});

describe('describeMatchState', () => {
  const names = new Map([['P-1', 'Emily Carter']]);
  it.each([
    [state('P-1'), { kind: 'patient', name: 'Emily Carter' }],
    [state('P-5'), { kind: 'unknownPatient' }],
    [state(null, 'unmatched'), { kind: 'status', status: 'unmatched' }],
    [state(null, 'multiple_matches'), { kind: 'status', status: 'multiple_matches' }],
  ])('%o -> %o', (input, expected) => {
    expect(describeMatchState(input, names)).toEqual(expected);
  });
});

describe('matchErrorText', () => {
  it.each([
    [new ApiError(404, 'NOT_FOUND', 'Review not found'), { key: 'errors.reviewNotFound' }],
    [
      new ApiError(400, 'VALIDATION', 'The request is not valid', [
        { field: 'patientId', message: 'Patient not found' },
      ]),
      { key: 'match.errors.patientNotFound' },
    ],
    [new ApiError(403, 'FORBIDDEN', 'Not allowed'), { text: 'You do not have permission to do this.' }],
    [new ApiError(500, 'INTERNAL', 'boom'), { key: 'toasts.tryAgain' }],
    [new ApiError(0, 'NETWORK', ''), { key: 'toasts.tryAgain' }],
    [new Error('x'), { key: 'toasts.tryAgain' }],
  ])('%s -> %o', (error, expected) => {
    expect(matchErrorText(error)).toEqual(expected);
  });
});
