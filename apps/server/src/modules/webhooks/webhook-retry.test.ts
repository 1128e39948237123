import { describe, expect, it } from 'vitest';
import { maxWebhookAttempts, nextWebhookAttemptAt, webhookRetryDelaysSeconds } from './webhook-retry';

const now = new Date('2026-11-26T08:00:00Z');
const secondsAfter = (at: Date | null) => (at ? (at.getTime() - now.getTime()) / 1000 : null);

describe('webhook retry schedule', () => {
  it.each([
    [1, 5],
    [2, 300],
    [3, 1800],
    [4, 7200],
    [5, 18_000],
    [6, 36_000],
    [7, 36_000],
  ])('after %i failed attempt(s) waits %i s (no jitter)', (attemptsMade, seconds) => {
    expect(secondsAfter(nextWebhookAttemptAt({ attemptsMade, now, random: () => 0 }))).toBe(seconds);
  });

  it('adds at most 10 % jitter', () => {
    expect(secondsAfter(nextWebhookAttemptAt({ attemptsMade: 3, now, random: () => 0.999 }))).toBeCloseTo(
      1800 * 1.0999,
      0,
    );
  });

  it('stops after the eighth attempt, about a day after the first', () => {
    expect(maxWebhookAttempts).toBe(8);
    expect(nextWebhookAttemptAt({ attemptsMade: 8, now })).toBeNull();
    const total = webhookRetryDelaysSeconds.reduce((sum, s) => sum + s, 0) / 3600;
    expect(total).toBeGreaterThan(24);
    expect(total).toBeLessThan(30);
  });

  it('honours a longer Retry-After, up to a day, and ignores a shorter one', () => {
    expect(
      secondsAfter(nextWebhookAttemptAt({ attemptsMade: 1, now, retryAfterSeconds: 120, random: () => 0 })),
    ).toBe(120);
    expect(
      secondsAfter(nextWebhookAttemptAt({ attemptsMade: 3, now, retryAfterSeconds: 10, random: () => 0 })),
    ).toBe(1800);
    expect(
      secondsAfter(
        nextWebhookAttemptAt({ attemptsMade: 1, now, retryAfterSeconds: 10 * 86_400, random: () => 0 }),
      ),
    ).toBe(86_400);
  });
});
