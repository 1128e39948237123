import { describe, expect, it } from 'vitest';
import { cacheFor, checkSystemStatus, overallStatus } from './system-status.service';

describe('overallStatus', () => {
  it.each([
    [['operational', 'operational'], 'operational'],
    [['operational', 'unknown', 'unknown'], 'operational'],
    [['operational', 'partial-outage', 'unknown'], 'partial-outage'],
    [['partial-outage', 'major-outage', 'operational'], 'major-outage'],
    [['unknown', 'unknown'], 'unknown'],
    [[], 'unknown'],
  ] as const)('%j -> %s', (statuses, expected) => {
    expect(overallStatus(statuses)).toBe(expected);
  });
});

describe('checkSystemStatus', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it('reports a database that does not answer as a major outage', async () => {
    const status = await checkSystemStatus(
      { pingDatabase: () => Promise.reject(new Error('down')), isJobRunnerHealthy: async () => true },
      now,
    );
    expect(status.status).toBe('major-outage');
    expect(status.services.find((s) => s.id === 'database')?.status).toBe('major-outage');
    expect(status.services.find((s) => s.id === 'api')?.status).toBe('partial-outage');
  });

  it('reports a stopped job runner as a partial outage', async () => {
    const status = await checkSystemStatus(
      { pingDatabase: async () => {}, isJobRunnerHealthy: async () => false },
      now,
    );
    expect(status.status).toBe('partial-outage');
    expect(status.services.map((s) => s.status)).toEqual([
      'operational',
      'operational',
      'partial-outage',
      'unknown',
      'unknown',
    ]);
  });
});

describe('cacheFor', () => {
  it('loads once per window and again after it', async () => {
    let time = 0;
    let loads = 0;
    const get = cacheFor(
      15_000,
      async () => ++loads,
      () => time,
    );
    expect(await get()).toBe(1);
    time = 14_999;
    expect(await get()).toBe(1);
    time = 15_000;
    expect(await get()).toBe(2);
  });

  it('forgets a failed load', async () => {
    let fail = true;
    const get = cacheFor(
      15_000,
      async () => {
        if (fail) throw new Error('x');
        return 'ok';
      },
      () => 0,
    );
    await expect(get()).rejects.toThrow('x');
    fail = false;
    expect(await get()).toBe('ok');
  });
});
