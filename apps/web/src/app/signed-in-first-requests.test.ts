import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/api-client';
import { json, noSession, sampleSession, stubFetch } from '../test/fetch-stub';
import { requestSignedInFirstData } from './signed-in-first-requests';

describe('the signed-in first load', () => {
  it('asks for the user and the dashboard data side by side once the session says someone is signed in, each once', async () => {
    const held: (() => void)[] = [];
    const network = stubFetch((request) =>
      request.path === '/api/auth/get-session'
        ? json(sampleSession)
        : new Promise<Response>((resolve) => held.push(() => resolve(json({ path: request.path })))),
    );
    requestSignedInFirstData('/dashboard');
    // All three in flight before any has answered: one round trip after the session's, not three.
    await waitFor(() => expect(held).toHaveLength(3));
    expect(network.requests.map((request) => request.path)).toEqual([
      '/api/auth/get-session',
      '/api/me',
      '/api/dashboard/summary',
      '/api/analytics/patients-at-risk',
    ]);
    for (const release of held) release();
    // The shell and the page take those answers when they ask; the network is not asked again.
    await expect(apiFetch('/api/me')).resolves.toEqual({ path: '/api/me' });
    await expect(apiFetch('/api/dashboard/summary')).resolves.toEqual({ path: '/api/dashboard/summary' });
    expect(network.requests).toHaveLength(4);
  });

  it('asks for nothing more when nobody is signed in, so no request answers 401', async () => {
    const network = stubFetch(() => noSession());
    await requestSignedInFirstData('/dashboard');
    expect(network.requests.map((request) => request.path)).toEqual(['/api/auth/get-session']);
  });

  it('asks only for the user beside the session on a page it has no first data for', async () => {
    const network = stubFetch((request) =>
      request.path === '/api/auth/get-session' ? json(sampleSession) : json({}),
    );
    await requestSignedInFirstData('/patients/P-1');
    expect(network.requests.map((request) => request.path)).toEqual(['/api/auth/get-session', '/api/me']);
  });
});
