import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createCaseErrorText, formatConfidence, replyErrorText, syncErrorText } from './reviews.utils';

describe('syncErrorText', () => {
  it.each([
    [
      new ApiError(409, 'NO_REVIEW_SOURCE', 'No review source is configured'),
      { key: 'errors.noReviewSource' },
    ],
    [
      new ApiError(400, 'VALIDATION_ERROR', 'Trustpilot rejected the key'),
      { text: 'Some of the information is not valid. Check it and try again.' },
    ],
    [new ApiError(500, 'INTERNAL', 'An unexpected error occurred'), { key: 'toasts.syncFallback' }],
    [new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), { key: 'toasts.syncFallback' }],
    [new Error('boom'), { key: 'toasts.syncFallback' }],
  ])('%s', (error, expected) => {
    expect(syncErrorText(error)).toEqual(expected);
  });
});

describe('createCaseErrorText', () => {
  it.each([
    [
      new ApiError(409, 'CONFLICT', 'This review already has an open case'),
      { key: 'errors.caseAlreadyOpen' },
    ],
    [new ApiError(404, 'NOT_FOUND', 'Review not found'), { key: 'errors.reviewNotFound' }],
    [new ApiError(403, 'FORBIDDEN', 'Nope'), { text: 'You do not have permission to do this.' }],
    [new ApiError(503, 'INTERNAL', 'x'), { key: 'toasts.tryAgain' }],
  ])('%s', (error, expected) => {
    expect(createCaseErrorText(error)).toEqual(expected);
  });
});

describe('formatConfidence', () => {
  it.each([
    [null, null],
    [0, '0%'],
    [0.924, '92%'],
    [0.925, '93%'],
    [1, '100%'],
    [1.2, '100%'],
    [-0.1, '0%'],
  ])('%j -> %j', (value, expected) => {
    expect(formatConfidence(value)).toBe(expected);
  });
});

describe('replyErrorText', () => {
  it.each([
    [
      new ApiError(400, 'VALIDATION_ERROR', 'The reply must not mention a date', [
        {
          field: 'text',
          key: 'reviews.reply.errors.namesDate',
          message: 'The reply must not mention a date',
        },
      ]),
      { domain: { key: 'reviews.reply.errors.namesDate', message: 'The reply must not mention a date' } },
    ],
    [
      new ApiError(403, 'PLAN_REQUIRED', 'This feature requires Professional or Enterprise plan'),
      {
        domain: {
          key: 'plans.errors.featureLocked',
          message: 'This feature requires Professional or Enterprise plan',
        },
      },
    ],
    [new ApiError(409, 'CONFLICT', 'This reply can no longer be changed'), { key: 'reply.errors.conflict' }],
    [new ApiError(404, 'NOT_FOUND', 'Review not found'), { key: 'errors.reviewNotFound' }],
    [
      new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', [{ field: 'text' }]),
      { text: 'Some of the information is not valid. Check it and try again.' },
    ],
    [new ApiError(502, 'INTERNAL', 'Bad gateway'), { key: 'toasts.tryAgain' }],
    [new Error('boom'), { key: 'toasts.tryAgain' }],
  ])('%s', (error, expected) => {
    expect(replyErrorText(error)).toEqual(expected);
  });
});
