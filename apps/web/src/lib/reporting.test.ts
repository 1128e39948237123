import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { collectPageMetrics, logPerformance, logUserAction, reportError } from './reporting';

describe('collectPageMetrics', () => {
  const navigation = { startTime: 0, loadEventEnd: 1234.4, domContentLoadedEventEnd: 800.6 };

  it.each([
    [
      navigation,
      { startTime: 412.2 },
      [
        { metric: 'page_load_time', value: 1234 },
        { metric: 'dom_content_loaded', value: 801 },
        { metric: 'first_contentful_paint', value: 412 },
      ],
    ],
    [
      navigation,
      undefined,
      [
        { metric: 'page_load_time', value: 1234 },
        { metric: 'dom_content_loaded', value: 801 },
      ],
    ],
    [{ ...navigation, loadEventEnd: 0 }, undefined, [{ metric: 'dom_content_loaded', value: 801 }]],
    [undefined, { startTime: 300 }, [{ metric: 'first_contentful_paint', value: 300 }]],
    [undefined, undefined, []],
  ])('%j + %j', (nav, paint, expected) => {
    expect(collectPageMetrics(nav, paint)).toEqual(expected);
  });
});

describe('reporting calls', () => {
  it('posts errors, user actions and metrics with url and timestamp, never a user id', async () => {
    const network = stubFetch(() => json({ accepted: true }, 202));
    await reportError({ errorType: 'unhandled_error', error: new Error('Boom'), errorId: 'ERR-1' });
    await logUserAction('monitoring_dashboard_refresh', { tab: 'errors' });
    await logPerformance(
      [
        { metric: 'page_load_time', value: 1200 },
        { metric: 'first_contentful_paint', value: 300 },
      ],
      { navigation_type: 'navigate' },
    );

    const [error] = network.to('/api/log-error');
    expect(error?.body).toMatchObject({
      error_type: 'unhandled_error',
      error_message: 'Boom',
      error_id: 'ERR-1',
      user_agent: expect.any(String),
      url: window.location.href,
      timestamp: expect.stringMatching(/Z$/),
    });
    expect(network.to('/api/log-user-action')[0]?.body).toMatchObject({
      action: 'monitoring_dashboard_refresh',
      context: { tab: 'errors' },
    });
    // One report for the page's metrics.
    expect(network.to('/api/log-performance')).toHaveLength(1);
    expect(network.to('/api/log-performance')[0]?.body).toMatchObject({
      metrics: [
        { metric: 'page_load_time', value: 1200 },
        { metric: 'first_contentful_paint', value: 300 },
      ],
      context: { navigation_type: 'navigate' },
    });
    for (const request of network.requests) expect(request.body).not.toHaveProperty('user_id');
  });

  it.each([
    ['a server error', () => json({ error: { code: 'INTERNAL', message: 'Down' } }, 500)],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('only warns on %s', async (_name, answer) => {
    stubFetch(answer);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      reportError({ errorType: 'unhandled_promise_rejection', error: 'nope' }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});
