import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { apiFetch, fetchFromNetwork } from './api-client';
import { requestEarly } from './early-requests';

afterEach(() => {
  vi.useRealTimers();
});

describe('early requests', () => {
  it('hands an answer asked for early to the first GET of its path, once', async () => {
    let served = 0;
    const network = stubFetch(() => json({ served: ++served }));
    void requestEarly('/api/me');
    await expect(apiFetch('/api/me')).resolves.toEqual({ served: 1 });
    expect(network.requests).toHaveLength(1);
    await expect(apiFetch('/api/me')).resolves.toEqual({ served: 2 });
    expect(network.requests).toHaveLength(2);
  });

  it('takes it for an absolute same-origin address too (better-auth asks so)', async () => {
    const network = stubFetch(() => json({ session: 1 }));
    void requestEarly('/api/auth/get-session');
    const answer = await fetchFromNetwork(new URL('/api/auth/get-session', window.location.href).href);
    await expect(answer.json()).resolves.toEqual({ session: 1 });
    expect(network.requests).toHaveLength(1);
  });

  it('gives none to a request that sends something, nor to another path', async () => {
    const network = stubFetch(() => json({}));
    void requestEarly('/api/me');
    await apiFetch('/api/me', { method: 'POST', body: {} });
    await apiFetch('/api/me?x=1');
    expect(network.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
    await apiFetch('/api/me');
    expect(network.requests).toHaveLength(3);
  });

  it('drops an answer nobody took within ten seconds: a later read asks afresh', async () => {
    vi.useFakeTimers();
    const network = stubFetch(() => json({}));
    void requestEarly('/api/me');
    vi.advanceTimersByTime(10_001);
    vi.useRealTimers();
    await apiFetch('/api/me');
    expect(network.requests).toHaveLength(2);
  });
});
