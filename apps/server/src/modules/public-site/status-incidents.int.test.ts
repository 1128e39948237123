import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkerHeartbeats, statusIncidents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  heartbeatStaleAfterMs,
  isAnyWorkerAlive,
  startWorkerHeartbeat,
} from '../health/worker-heartbeat.service';
import { recordSystemStatusSample } from './system-status.service';

// Incidents and heartbeats are the whole service's, not a clinic's: these tests own their database,
// so that no other file's status checks open or close an incident under them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
});
afterAll(async () => {
  await t?.close();
});

const minute = 60_000;
const log = { error: () => undefined };

describe('job worker heartbeat and status incidents', () => {
  it('a web-only process sees no job runner until a worker beats, and an outage once the beats stop', async () => {
    const start = new Date('2031-03-01T10:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * minute);

    // No worker has ever run: the job runner is down, and an incident opens.
    expect(await isAnyWorkerAlive(t.db, at(0))).toBe(false);
    const first = await recordSystemStatusSample(t.db, at(0));
    expect(first.services.find((s) => s.id === 'job_runner')).toMatchObject({
      status: 'partial-outage',
      note: 'jobs_stopped',
    });
    expect(first.incidents.opened.map((i) => [i.service, i.worstStatus, i.startedAt])).toEqual([
      ['job_runner', 'partial-outage', at(0)],
    ]);

    // The same outage measured again (another process, or the page) opens nothing new.
    expect((await recordSystemStatusSample(t.db, at(5))).incidents).toEqual({ opened: [], resolved: [] });

    // A worker starts and beats: the job runner is up and the incident is resolved, with its times.
    let clock = at(10);
    const heartbeat = startWorkerHeartbeat(t.db, log, { now: () => clock, intervalMs: 3_600_000 });
    await heartbeat.started;
    const second = await recordSystemStatusSample(t.db, at(10));
    expect(second.services.find((s) => s.id === 'job_runner')?.status).toBe('operational');
    expect(second.incidents.resolved.map((i) => [i.service, i.startedAt, i.resolvedAt])).toEqual([
      ['job_runner', at(0), at(10)],
    ]);

    // The worker is killed (no stop, its row stays): two minutes after its last beat it is still
    // counted, a moment later it is not.
    clock = at(10);
    expect(await isAnyWorkerAlive(t.db, new Date(at(10).getTime() + heartbeatStaleAfterMs))).toBe(true);
    expect(await isAnyWorkerAlive(t.db, new Date(at(10).getTime() + heartbeatStaleAfterMs + 1))).toBe(false);
    const third = await recordSystemStatusSample(t.db, at(20));
    expect(third.incidents.opened.map((i) => [i.service, i.startedAt])).toEqual([['job_runner', at(20)]]);

    // A worker stopped on purpose removes its row.
    await heartbeat.stop();
    expect(await t.db.select().from(jobWorkerHeartbeats)).toEqual([]);

    // Readiness reports the workers as the database sees them, at the real clock.
    const workers = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/ready' })).json().checks.workers;
    expect(await workers()).toBe(false);
    const live = startWorkerHeartbeat(t.db, log);
    await live.started;
    expect(await workers()).toBe(true);
    await live.stop();
    expect(await workers()).toBe(false);

    const incidents = await t.db.select().from(statusIncidents);
    expect(incidents.map((i) => [i.service, i.resolvedAt === null])).toEqual(
      expect.arrayContaining([
        ['job_runner', false],
        ['job_runner', true],
      ]),
    );
  });

  it('the status page lists the open incident and the resolved one, newest first, in the contract shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      incidents: Record<string, unknown>[];
      services: { id: string; status: string }[];
    };
    // The page measures at the real clock: no worker beats in this test app, so the job runner is down.
    expect(body.services.find((s) => s.id === 'job_runner')?.status).toBe('partial-outage');
    expect(body.incidents.length).toBeGreaterThanOrEqual(1);
    const [open] = body.incidents;
    expect(open).toMatchObject({
      service: 'job_runner',
      worstStatus: 'partial-outage',
      note: 'jobs_stopped',
      status: 'investigating',
      resolvedAt: null,
      severity: 'minor',
      title: 'Job runner: partial outage',
    });
  });
});
