import { describe, expect, it } from 'vitest';
import { isOverageMessage } from './overage';

describe('a message past the monthly allowance of its channel is billed as overage', () => {
  it.each<[string, 'sms' | 'whatsapp', number, boolean]>([
    ['starter', 'whatsapp', 0, false],
    ['starter', 'whatsapp', 199, false],
    ['starter', 'whatsapp', 200, true],
    ['starter', 'whatsapp', 397, true],
    // Starter includes no SMS: every SMS is overage.
    ['starter', 'sms', 0, true],
    ['professional', 'sms', 499, false],
    ['professional', 'sms', 500, true],
    ['professional', 'whatsapp', 500, true],
    ['enterprise', 'sms', 5_000_000, false],
    // An unknown tier reads as starter.
    ['premium', 'whatsapp', 200, true],
  ])('%s, %s, %d sent before: %s', (tier, channel, sent, expected) => {
    expect(isOverageMessage({ tier, channel, sentThisMonthOnChannel: sent })).toBe(expected);
  });
});
