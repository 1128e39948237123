import { describe, expect, it } from 'vitest';
import { connectionStatusOf } from './connection-status';

const at = new Date('2026-11-28T09:00:00Z');

describe('connectionStatusOf', () => {
  it.each([
    ['nothing saved', false, null, { state: 'not_configured', checkedAt: null, detail: null }],
    [
      'nothing saved, an old check',
      false,
      { status: 'healthy', detail: 'ok', checkedAt: at },
      { state: 'not_configured', checkedAt: null, detail: null },
    ],
    ['saved, never checked', true, null, { state: 'untested', checkedAt: null, detail: null }],
    [
      'saved again after a check',
      true,
      { status: 'unknown', detail: null, checkedAt: at },
      { state: 'untested', checkedAt: null, detail: null },
    ],
    [
      'last check passed',
      true,
      { status: 'healthy', detail: 'Connection successful', checkedAt: at },
      { state: 'connected', checkedAt: at, detail: null },
    ],
    [
      'last check failed',
      true,
      { status: 'unhealthy', detail: 'Authenticate (code 20003)', checkedAt: at },
      { state: 'failed', checkedAt: at, detail: 'Authenticate (code 20003)' },
    ],
  ] as const)('%s', (_, configured, latest, status) => {
    expect(connectionStatusOf(configured, latest)).toEqual(status);
  });
});
