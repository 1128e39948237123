import { describe, expect, it } from 'vitest';
import { nextSendingInstant } from './outbox.service';

// A retry is put off to the clinic's window in the clinic's zone, on the daylight-saving nights too.
const window = { sendFrom: '09:00', sendUntil: '20:00' };

describe('a retry waits for the window in the clinic zone', () => {
  it.each<[string, string, string]>([
    ['Europe/Madrid', '2026-03-29T17:59:00Z', '2026-03-29T17:59:00.000Z'],
    ['Europe/Madrid', '2026-03-29T18:00:00Z', '2026-03-30T07:00:00.000Z'],
    ['Europe/Madrid', '2026-03-29T01:30:00Z', '2026-03-29T07:00:00.000Z'],
    ['Europe/Madrid', '2026-10-25T18:59:00Z', '2026-10-25T18:59:00.000Z'],
    ['Europe/Madrid', '2026-10-25T19:00:00Z', '2026-10-26T08:00:00.000Z'],
    ['Europe/Madrid', '2026-10-25T01:30:00Z', '2026-10-25T08:00:00.000Z'],
    ['America/New_York', '2026-03-08T07:30:00Z', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-09T00:00:00Z', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01T14:00:00.000Z'],
    ['America/New_York', '2026-11-02T00:59:00Z', '2026-11-02T00:59:00.000Z'],
    ['America/New_York', '2026-11-02T01:00:00Z', '2026-11-02T14:00:00.000Z'],
    // Istanbul: 20:00 +03 is 17:00Z on both European change days.
    ['Europe/Istanbul', '2026-03-29T17:00:00Z', '2026-03-30T06:00:00.000Z'],
    ['Europe/Istanbul', '2026-10-25T16:59:00Z', '2026-10-25T16:59:00.000Z'],
    ['Europe/Istanbul', '2026-10-25T17:00:00Z', '2026-10-26T06:00:00.000Z'],
  ])('%s at %s: %s', (zone, iso, expected) => {
    expect(nextSendingInstant(new Date(iso), window, zone).toISOString()).toBe(expected);
  });
});
