import { statusHistoryDays } from '@careloop/contracts/public-site';
import { describe, expect, it } from 'vitest';
import {
  cacheFor,
  checkSystemStatus,
  historyStart,
  messagingState,
  overallStatus,
  reviewIngestionState,
  statusHistory,
} from './system-status.service';

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

const quiet = {
  reviewSyncs: async () => ({ connected: 0, recent: 0, clinicSetupFailures: 0, serviceFailures: 0 }),
  messageDeliveries: async () => ({ handed: 0, failed: 0, overdue: 0 }),
  history: async () => [],
  incidents: async () => [],
};

describe('checkSystemStatus', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it('reports a database that does not answer as a major outage, and what it cannot measure then as unknown', async () => {
    const status = await checkSystemStatus(
      {
        ...quiet,
        pingDatabase: () => Promise.reject(new Error('down')),
        isJobRunnerHealthy: async () => true,
      },
      now,
    );
    expect(status.status).toBe('major-outage');
    expect(status.services.map((s) => [s.id, s.status, s.note])).toEqual([
      ['api', 'partial-outage', 'database_unreachable'],
      ['database', 'major-outage', 'database_unreachable'],
      ['job_runner', 'operational', null],
      ['review_ingestion', 'unknown', null],
      ['messaging', 'unknown', null],
    ]);
  });

  it('reports a stopped job runner as a partial outage, and measures reviews and messaging', async () => {
    const status = await checkSystemStatus(
      { ...quiet, pingDatabase: async () => {}, isJobRunnerHealthy: async () => false },
      now,
    );
    expect(status.status).toBe('partial-outage');
    expect(status.services.map((s) => s.status)).toEqual([
      'operational',
      'operational',
      'partial-outage',
      'operational',
      'operational',
    ]);
  });

  // Review monitoring and messaging are measured, not left 'unknown'.
  it('takes review monitoring and messaging from their measures', async () => {
    const status = await checkSystemStatus(
      {
        pingDatabase: async () => {},
        isJobRunnerHealthy: async () => true,
        reviewSyncs: async () => ({ connected: 5, recent: 5, clinicSetupFailures: 0, serviceFailures: 1 }),
        messageDeliveries: async () => ({ handed: 4, failed: 4, overdue: 0 }),
        history: async () => [],
        incidents: async () => [],
      },
      now,
    );
    expect(status.status).toBe('major-outage');
    expect(status.services.slice(3).map((s) => [s.id, s.status, s.note])).toEqual([
      ['review_ingestion', 'partial-outage', 'syncs_failing'],
      ['messaging', 'major-outage', 'deliveries_failing'],
    ]);
  });

  it('leaves a measure that fails unknown, and a history that fails empty', async () => {
    const status = await checkSystemStatus(
      {
        pingDatabase: async () => {},
        isJobRunnerHealthy: async () => true,
        reviewSyncs: () => Promise.reject(new Error('x')),
        messageDeliveries: async () => ({ handed: 0, failed: 0, overdue: 0 }),
        history: () => Promise.reject(new Error('y')),
        incidents: () => Promise.reject(new Error('z')),
      },
      now,
    );
    expect(status.services[3]?.status).toBe('unknown');
    expect(status.services[4]?.status).toBe('operational');
    expect(status.services[0]?.history).toHaveLength(statusHistoryDays);
    expect(status.services[0]?.uptimePercent).toBeNull();
  });
});

describe('reviewIngestionState', () => {
  it.each([
    [{ connected: 0, recent: 0, clinicSetupFailures: 0, serviceFailures: 0 }, 'operational', null],
    [
      { connected: 4, recent: 0, clinicSetupFailures: 0, serviceFailures: 0 },
      'partial-outage',
      'syncs_stalled',
    ],
    [{ connected: 4, recent: 4, clinicSetupFailures: 0, serviceFailures: 0 }, 'operational', null],
    // A clinic's revoked key or unknown page is its own business.
    [{ connected: 4, recent: 4, clinicSetupFailures: 4, serviceFailures: 0 }, 'operational', null],
    [
      { connected: 4, recent: 4, clinicSetupFailures: 1, serviceFailures: 1 },
      'partial-outage',
      'syncs_failing',
    ],
    [
      { connected: 1, recent: 1, clinicSetupFailures: 0, serviceFailures: 1 },
      'partial-outage',
      'syncs_failing',
    ],
    [
      { connected: 6, recent: 6, clinicSetupFailures: 0, serviceFailures: 3 },
      'major-outage',
      'syncs_failing',
    ],
    [
      { connected: 6, recent: 6, clinicSetupFailures: 0, serviceFailures: 2 },
      'partial-outage',
      'syncs_failing',
    ],
  ] as const)('%j -> %s (%s)', (counts, status, note) => {
    expect(reviewIngestionState(counts)).toEqual({ status, note });
  });
});

describe('messagingState', () => {
  it.each([
    [{ handed: 0, failed: 0, overdue: 0 }, 'operational', null],
    [{ handed: 50, failed: 1, overdue: 0 }, 'operational', null],
    [{ handed: 10, failed: 2, overdue: 0 }, 'partial-outage', 'deliveries_failing'],
    [{ handed: 11, failed: 2, overdue: 0 }, 'operational', null],
    [{ handed: 3, failed: 3, overdue: 0 }, 'major-outage', 'deliveries_failing'],
    [{ handed: 2, failed: 2, overdue: 0 }, 'partial-outage', 'deliveries_failing'],
    [{ handed: 1, failed: 1, overdue: 0 }, 'operational', null],
    [{ handed: 20, failed: 0, overdue: 1 }, 'partial-outage', 'deliveries_delayed'],
  ] as const)('%j -> %s (%s)', (counts, status, note) => {
    expect(messagingState(counts)).toEqual({ status, note });
  });
});

describe('statusHistory', () => {
  const today = new Date('2026-11-26T08:00:00Z');
  const row = (day: string, service: string, counts: [number, number, number]) => ({
    day,
    service,
    samples: counts[0] + counts[1] + counts[2],
    operational: counts[0],
    partialOutage: counts[1],
    majorOutage: counts[2],
  });

  it('gives every service its last days up to today, oldest first, the worst state of each day', () => {
    const history = statusHistory(
      [
        row('2026-11-26', 'messaging', [287, 1, 0]),
        row('2026-11-25', 'messaging', [288, 0, 0]),
        row('2026-11-24', 'messaging', [280, 4, 4]),
        row('2026-08-01', 'messaging', [0, 0, 288]), // before the window
      ],
      today,
      3,
    );
    expect(history.get('messaging')).toEqual({
      history: [
        { date: '2026-11-24', status: 'major-outage', uptimePercent: 97.2 },
        { date: '2026-11-25', status: 'operational', uptimePercent: 100 },
        { date: '2026-11-26', status: 'partial-outage', uptimePercent: 99.7 },
      ],
      uptimePercent: 99,
    });
    expect(history.get('api')).toEqual({
      history: ['2026-11-24', '2026-11-25', '2026-11-26'].map((date) => ({
        date,
        status: 'unknown',
        uptimePercent: null,
      })),
      uptimePercent: null,
    });
  });

  it('spans 90 days by default', () => {
    const days = statusHistory([], today).get('database')?.history ?? [];
    expect(days).toHaveLength(90);
    expect(days[0]?.date).toBe('2026-08-29');
    expect(days.at(-1)?.date).toBe('2026-11-26');
    expect(historyStart(today)).toBe('2026-08-29');
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
