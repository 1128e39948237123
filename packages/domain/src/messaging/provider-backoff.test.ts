import { describe, expect, it } from 'vitest';
import { rateLimitWaitMs } from './provider-backoff';

describe('the wait after a 429', () => {
  it.each<[string, number | null, number, number]>([
    ['Retry-After: 30', 30_000, 0, 30_000],
    ['Retry-After honoured whatever the strikes', 5_000, 6, 5_000],
    ['Retry-After an hour ahead: capped at 15 minutes', 3_600_000, 0, 900_000],
    ['no Retry-After, first 429', null, 0, 30_000],
    ['no Retry-After, second in a row', null, 1, 60_000],
    ['no Retry-After, fifth in a row', null, 4, 480_000],
    ['no Retry-After, many in a row: capped', null, 20, 900_000],
    ['Retry-After: 0 reads as none', 0, 2, 120_000],
  ])('%s', (_, retryAfterMs, strikes, expected) => {
    expect(rateLimitWaitMs(retryAfterMs, strikes)).toBe(expected);
  });
});
