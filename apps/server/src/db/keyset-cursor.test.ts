import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { decodeCursor, encodeCursor } from './keyset-cursor';

const cursorOf = (t: unknown) => Buffer.from(JSON.stringify({ t, id: 'x' })).toString('base64url');

function refusal(value: string) {
  try {
    decodeCursor(value);
  } catch (error) {
    return error;
  }
  return null;
}

describe('decodeCursor', () => {
  it.each([
    '2026-01-15T09:30:00.123456Z',
    '2024-02-29T23:59:59.999999Z',
    '0001-01-01T00:00:00.000000Z',
    '9999-12-31T23:59:59.999999Z',
  ])('takes back the text cursorTimestamp writes: %s', (t) => {
    expect(decodeCursor(encodeCursor({ t, id: 'P-1' }))).toEqual({ t, id: 'P-1' });
  });

  it.each([
    '1',
    'March 7',
    '+275760-09-13T00:00:00.000Z',
    '2026-01-15T09:30:00.000Z',
    '2026-01-15T09:30:00Z',
    '2026-01-15 09:30:00.123456Z',
    '2026-01-15T09:30:00.123456+01:00',
    '2023-02-29T00:00:00.000000Z',
    '2026-04-31T00:00:00.000000Z',
    '2026-13-01T00:00:00.000000Z',
    '2026-00-10T00:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2026-01-15T24:00:00.000000Z',
    '2026-01-15T23:60:00.000000Z',
    '2026-01-15T23:59:60.000000Z',
    ' 2026-01-15T09:30:00.123456Z',
    '2026-01-15T09:30:00.123456Z\n',
    '',
    12,
  ])('refuses a timestamp PostgreSQL might not read as a 400 naming cursor: %j', (t) => {
    const error = refusal(cursorOf(t));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      details: [{ field: 'cursor', message: 'Invalid cursor' }],
    });
  });
});
