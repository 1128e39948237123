import { describe, expect, it } from 'vitest';
import { canUseCompliance, retentionCutoff } from './compliance';

describe('canUseCompliance', () => {
  it.each([
    ['enterprise', true],
    ['professional', false],
    ['starter', false],
    ['premium', false],
    [null, false],
    ['Enterprise', false],
  ])('%s -> %s', (tier, expected) => {
    expect(canUseCompliance(tier)).toBe(expected);
  });
});

describe('retentionCutoff', () => {
  const now = new Date('2026-11-26T02:00:00Z');
  it('keeps everything when no period is set', () => {
    expect(retentionCutoff(null, now)).toBeNull();
  });
  it('is the period in whole days before now', () => {
    expect(retentionCutoff(90, now)?.toISOString()).toBe('2026-08-28T02:00:00.000Z');
    expect(retentionCutoff(3650, now)?.toISOString()).toBe('2016-11-28T02:00:00.000Z');
  });
});
