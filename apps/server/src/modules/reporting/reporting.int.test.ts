import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientActions, errorLogs, performanceMetrics } from '../../db/schema';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders(headers), payload: payload as object });

describe('reporting endpoints', () => {
  it('accept an error report from a signed-out page', async () => {
    const errorId = `err-${Date.now()}`;
    const res = await post('/api/log-error', {
      error_type: 'unhandled_error',
      error_message: 'boom',
      error_id: errorId,
      url: 'http://localhost:3000/',
      timestamp: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(202);
    const [row] = await t.db.select().from(errorLogs).where(eq(errorLogs.errorId, errorId));
    expect(row).toMatchObject({ errorType: 'unhandled_error', userId: null, clinicId: null });
  });

  it('take the user and clinic from the session, never from the body', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const action = `clicked-${Date.now()}`;
    const res = await post(
      '/api/log-user-action',
      { action, user_id: 'someone-else', context: { a: 1 } },
      { cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(202);
    const [row] = await t.db.select().from(clientActions).where(eq(clientActions.action, action));
    expect(row).toMatchObject({ userId: owner.userId, clinicId, context: { a: 1 } });
  });

  it.each([
    ['a zero-width space', 'login\u200b'],
    ['a zero-width joiner', 'password\u200d_changed'],
    ['a word joiner', 'secret\u2060_saved'],
    ['a byte-order mark', '\ufeffsign_in'],
    ['a soft hyphen', 'role\u00ad_changed'],
    ['a direction override', 'user_\u202edeleted'],
  ])('refuse an action name with %s (400 naming it), nothing stored', async (_label, action) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await post('/api/log-user-action', { action }, { cookie: owner.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'action', message: 'Action names are visible characters only' },
    ]);
    expect(await t.db.select().from(clientActions).where(eq(clientActions.clinicId, clinicId))).toEqual([]);
  });

  it('store the three page metrics, sent in one report', async () => {
    const url = `http://localhost:3000/perf-${Date.now()}`;
    const metrics = ['page_load_time', 'dom_content_loaded', 'first_contentful_paint'].map((metric) => ({
      metric,
      value: 812.5,
    }));
    expect((await post('/api/log-performance', { metrics, url })).statusCode).toBe(202);
    const rows = await t.db.select().from(performanceMetrics).where(eq(performanceMetrics.url, url));
    expect(rows.map((r) => r.metric).sort()).toEqual([
      'dom_content_loaded',
      'first_contentful_paint',
      'page_load_time',
    ]);
  });

  it.each([
    ['/api/log-error', { error_message: 'no type' }],
    ['/api/log-performance', { metrics: [{ metric: 'page_load_time', value: -1 }] }],
    [
      '/api/log-performance',
      {
        metrics: [
          { metric: 'page_load_time', value: 1 },
          { metric: 'x', value: 'fast' },
        ],
      },
    ],
    ['/api/log-performance', { metrics: [] }],
    ['/api/log-performance', { metric: 'page_load_time', value: 812 }],
    ['/api/log-user-action', { action: '' }],
  ])('%s with %j answers 400 and stores nothing', async (url, payload) => {
    const before =
      (await t.db.select().from(errorLogs)).length + (await t.db.select().from(performanceMetrics)).length;
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    const after =
      (await t.db.select().from(errorLogs)).length + (await t.db.select().from(performanceMetrics)).length;
    expect(after).toBe(before);
  });

  it('refuse an oversized report with 413', async () => {
    const res = await post('/api/log-error', { error_type: 'x', error_stack: 'a'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it('are rate limited per client address (429 past 60 a minute)', async () => {
    const ip = `192.0.2.${1 + Math.floor(Math.random() * 250)}, 10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let last = 0;
    for (let i = 0; i < 61; i++)
      last = (await post('/api/log-user-action', { action: 'spam' }, { 'x-forwarded-for': ip })).statusCode;
    expect(last).toBe(429);
    expect((await post('/api/log-user-action', { action: 'other-client' })).statusCode).toBe(202);
  });
});
