import { describe, expect, it } from 'vitest';
import { decideSendTime, nextSendingInstant } from './send-window';

// The window in the clinic's zone, on the daylight-saving nights too.
const window = { sendFrom: '09:00', sendUntil: '20:00' };

describe('nextSendingInstant: inside the window unchanged, else its next opening', () => {
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
    // Tokyo (+09, no daylight saving): 09:00 local is 00:00Z.
    ['Asia/Tokyo', '2026-06-01T23:59:00Z', '2026-06-02T00:00:00.000Z'],
    ['Asia/Tokyo', '2026-06-02T10:59:00Z', '2026-06-02T10:59:00.000Z'],
    ['Asia/Tokyo', '2026-06-02T11:00:00Z', '2026-06-03T00:00:00.000Z'],
  ])('%s at %s: %s', (zone, iso, expected) => {
    expect(nextSendingInstant(new Date(iso), window, zone).toISOString()).toBe(expected);
  });
});

type Row = [
  zone: string,
  now: string,
  sentToPatient: string[],
  expected: { sendAt: string; reasons: string[] } | 'now',
];

describe('decideSendTime: at send time, the window and one message a local day', () => {
  it.each<Row>([
    // A backlog swept at 23:30 in Madrid (22:30Z in March): the next morning's opening instead,
    // which is the first morning of summer time (09:00 CEST = 07:00Z).
    [
      'Europe/Madrid',
      '2026-03-28T22:30:00Z',
      [],
      { sendAt: '2026-03-29T07:00:00.000Z', reasons: ['quiet_hours'] },
    ],
    // Inside the window and nothing sent today: now.
    ['Europe/Madrid', '2026-03-29T08:00:00Z', ['2026-03-28T10:00:00Z'], 'now'],
    // 00:30 CET on the 29th is the 29th locally (23:30Z the day before): the cap holds to the 30th.
    [
      'Europe/Madrid',
      '2026-03-29T08:00:00Z',
      ['2026-03-28T23:30:00Z'],
      { sendAt: '2026-03-30T07:00:00.000Z', reasons: ['daily_cap'] },
    ],
    // Two due for one patient: the second waits for the next day's opening.
    [
      'Europe/Madrid',
      '2026-07-15T10:00:00Z',
      ['2026-07-15T09:59:00Z'],
      { sendAt: '2026-07-16T07:00:00.000Z', reasons: ['daily_cap'] },
    ],
    // Late at night with today's message sent: the next morning, which is free.
    [
      'Europe/Madrid',
      '2026-07-15T21:30:00Z',
      ['2026-07-15T08:00:00Z'],
      { sendAt: '2026-07-16T07:00:00.000Z', reasons: ['quiet_hours'] },
    ],
    // Night, and the next morning is taken already (a message planned there went out early by hand).
    [
      'Europe/Madrid',
      '2026-07-15T21:30:00Z',
      ['2026-07-16T06:00:00Z', '2026-07-17T12:00:00Z'],
      { sendAt: '2026-07-18T07:00:00.000Z', reasons: ['quiet_hours', 'daily_cap'] },
    ],
    // Clocks going back: 00:30 CEST on 25 October; the opening is 09:00 CET (08:00Z).
    [
      'Europe/Madrid',
      '2026-10-24T22:30:00Z',
      [],
      { sendAt: '2026-10-25T08:00:00.000Z', reasons: ['quiet_hours'] },
    ],
    // Istanbul keeps +03 all year: 21:00 local on the European change day.
    [
      'Europe/Istanbul',
      '2026-10-25T18:00:00Z',
      [],
      { sendAt: '2026-10-26T06:00:00.000Z', reasons: ['quiet_hours'] },
    ],
    [
      'Europe/Istanbul',
      '2026-10-25T07:00:00Z',
      ['2026-10-25T06:30:00Z'],
      { sendAt: '2026-10-26T06:00:00.000Z', reasons: ['daily_cap'] },
    ],
    // Tokyo: the same UTC day but another local day is no cap.
    [
      'Asia/Tokyo',
      '2026-06-01T23:30:00Z',
      ['2026-06-01T01:00:00Z'],
      { sendAt: '2026-06-02T00:00:00.000Z', reasons: ['quiet_hours'] },
    ],
    ['Asia/Tokyo', '2026-06-02T03:00:00Z', ['2026-06-01T01:00:00Z'], 'now'],
    [
      'Asia/Tokyo',
      '2026-06-02T03:00:00Z',
      ['2026-06-01T23:30:00Z'],
      { sendAt: '2026-06-03T00:00:00.000Z', reasons: ['daily_cap'] },
    ],
  ])('%s at %s after %j', (zone, now, sent, expected) => {
    const decision = decideSendTime({
      now: new Date(now),
      quietHours: window,
      timeZone: zone,
      sentToPatient: sent.map((iso) => new Date(iso)),
    });
    if (expected === 'now') expect(decision).toEqual({ send: true });
    else
      expect(decision).toEqual({ send: false, sendAt: new Date(expected.sendAt), reasons: expected.reasons });
  });
});
