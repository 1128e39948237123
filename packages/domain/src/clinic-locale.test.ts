import { describe, expect, it } from 'vitest';
import { isIanaTimeZone, timeZoneSchema } from './clinic-locale';

describe('a clinic time zone', () => {
  it.each<[string, boolean]>([
    ['Europe/Madrid', true],
    ['Europe/Istanbul', true],
    ['Asia/Tokyo', true],
    ['America/New_York', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    // current names that ICU still lists under their older ones
    ['Europe/Kyiv', true],
    ['Asia/Kolkata', true],
    ['Europe/Kiev', true],
    ['Asia/Calcutta', true],
    // not zones
    ['', false],
    ['Madrid', false],
    ['Europe/Atlantis', false],
    ['+03:00', false],
    ['GMT+3', false],
    ['europe madrid', false],
  ])('%j -> %s', (value, expected) => {
    expect(isIanaTimeZone(value)).toBe(expected);
  });

  it('the schema refuses a non-zone with the message the settings page shows', () => {
    expect(timeZoneSchema.safeParse('Europe/Kyiv').success).toBe(true);
    const refused = timeZoneSchema.safeParse('+03:00');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Please choose a time zone from the list');
  });
});
