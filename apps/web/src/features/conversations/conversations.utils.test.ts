import { describe, expect, it } from 'vitest';
import {
  channelParam,
  currentCursor,
  deliveryDisplay,
  firstPage,
  formatDateTime,
  hasPreviousPage,
  nextPage,
  pageNumber,
  parseChannelFilter,
  previousPage,
  validateSimulatedReply,
} from './conversations.utils';

describe('deliveryDisplay', () => {
  it.each([
    ['sent', 'sent', false],
    ['delivered', 'delivered', false],
    ['read', 'read', false],
    ['failed', 'failed', false],
    ['queued', 'pending', true],
    ['sending', 'pending', true],
    ['something-new', 'pending', true],
  ])('%s shows as %s (pending: %s)', (status, key, isPending) => {
    expect(deliveryDisplay(status)).toMatchObject({ key, isPending });
  });

  it('shows failed in red', () => {
    expect(deliveryDisplay('failed').color).toBe('red');
  });
});

describe('channel filter', () => {
  it.each([
    ['sms', 'sms', 'sms'],
    ['whatsapp', 'whatsapp', 'whatsapp'],
    ['all', 'all', null],
    [null, 'all', null],
    ['fax', 'all', null],
  ] as const)('%s reads as %s and sends channel=%s', (value, filter, param) => {
    expect(parseChannelFilter(value)).toBe(filter);
    expect(channelParam(parseChannelFilter(value))).toBe(param);
  });
});

describe('Previous/Next pager', () => {
  it('starts on page 1 without a cursor and no previous page', () => {
    const state = firstPage();
    expect(currentCursor(state)).toBeNull();
    expect(pageNumber(state)).toBe(1);
    expect(hasPreviousPage(state)).toBe(false);
  });

  it('moves forward with the next cursor and back to the cursor before', () => {
    const two = nextPage(firstPage(), 'c2');
    const three = nextPage(two, 'c3');
    expect([currentCursor(three), pageNumber(three), hasPreviousPage(three)]).toEqual(['c3', 3, true]);
    const back = previousPage(three);
    expect([currentCursor(back), pageNumber(back)]).toEqual(['c2', 2]);
    expect(currentCursor(previousPage(back))).toBeNull();
  });

  it('stays put without a next cursor, and on page 1 going back', () => {
    const state = firstPage();
    expect(nextPage(state, null)).toBe(state);
    expect(previousPage(state)).toBe(state);
  });
});

describe('validateSimulatedReply', () => {
  it.each([
    [
      { patientId: null, text: '' },
      { patientId: 'patientRequired', text: 'textRequired' },
    ],
    [
      { patientId: 'P-1', text: '   ' },
      { patientId: undefined, text: 'textRequired' },
    ],
    [
      { patientId: 'P-1', text: 'Terrible' },
      { patientId: undefined, text: undefined },
    ],
  ])('%o -> %o', (values, expected) => {
    expect(validateSimulatedReply(values)).toEqual(expected);
  });
});

describe('formatDateTime', () => {
  it("writes the instant in the clinic's time zone", () => {
    const instant = '2026-03-01T22:30:00Z';
    expect(formatDateTime(instant, 'en', 'Europe/Madrid')).toBe('Mar 1, 2026, 11:30 PM');
    expect(formatDateTime(instant, 'en', 'Asia/Tokyo')).toBe('Mar 2, 2026, 7:30 AM');
    expect(formatDateTime(instant, 'es', 'Europe/Madrid')).toContain('23:30');
  });
});
