import { firstAnswersElementId } from '@careloop/contracts/first-reads';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/api-client';
import { json, noSession, sampleSession, stubFetch } from '../test/fetch-stub';
import { requestSignedInFirstData } from './signed-in-first-requests';

/** The data block the server writes into a signed-in page's document (plugins/first-answers.ts). */
function documentCarries(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = firstAnswersElementId;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(firstAnswersElementId)?.remove();
});

describe('the signed-in first load', () => {
  it('asks nothing when the document carries the answers: the shell and the page take them, once', async () => {
    const network = stubFetch((request) => json({ fromNetwork: request.path }));
    documentCarries(
      JSON.stringify({
        '/api/auth/get-session': sampleSession,
        '/api/me': { user: 'from the document' },
        '/api/dashboard/summary': { patients: 3 },
      }),
    );
    await requestSignedInFirstData('/dashboard');
    expect(network.requests).toHaveLength(0);
    expect(document.getElementById(firstAnswersElementId)).toBeNull();
    await expect(apiFetch('/api/me')).resolves.toEqual({ user: 'from the document' });
    await expect(apiFetch('/api/dashboard/summary')).resolves.toEqual({ patients: 3 });
    expect(network.requests).toHaveLength(0);
    // Taken once: a later read, and a read the document left out (a 403 for this role), ask the server.
    await expect(apiFetch('/api/me')).resolves.toEqual({ fromNetwork: '/api/me' });
    await expect(apiFetch('/api/analytics/patients-at-risk')).resolves.toEqual({
      fromNetwork: '/api/analytics/patients-at-risk',
    });
  });

  it('asks nothing when the document says nobody is signed in', async () => {
    const network = stubFetch(() => json({}));
    documentCarries(JSON.stringify({ '/api/auth/get-session': null }));
    await requestSignedInFirstData('/dashboard');
    expect(network.requests).toHaveLength(0);
    await expect(apiFetch('/api/auth/get-session')).resolves.toBeNull();
  });

  it('asks as before when the data block cannot be read', async () => {
    const network = stubFetch(() => noSession());
    documentCarries('{not json');
    await requestSignedInFirstData('/dashboard');
    expect(network.requests.map((request) => request.path)).toEqual(['/api/auth/get-session']);
  });

  it('asks for the user and the dashboard data side by side once the session says someone is signed in, each once', async () => {
    const held: (() => void)[] = [];
    const network = stubFetch((request) =>
      request.path === '/api/auth/get-session'
        ? json(sampleSession)
        : new Promise<Response>((resolve) => held.push(() => resolve(json({ path: request.path })))),
    );
    requestSignedInFirstData('/dashboard');
    // All four in flight before any has answered: one round trip after the session's, not four.
    await waitFor(() => expect(held).toHaveLength(4));
    expect(network.requests.map((request) => request.path)).toEqual([
      '/api/auth/get-session',
      '/api/me',
      '/api/usage',
      '/api/dashboard/summary',
      '/api/analytics/patients-at-risk',
    ]);
    for (const release of held) release();
    // The shell and the page take those answers when they ask; the network is not asked again.
    await expect(apiFetch('/api/me')).resolves.toEqual({ path: '/api/me' });
    await expect(apiFetch('/api/dashboard/summary')).resolves.toEqual({ path: '/api/dashboard/summary' });
    expect(network.requests).toHaveLength(5);
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
    expect(network.requests.map((request) => request.path)).toEqual([
      '/api/auth/get-session',
      '/api/me',
      '/api/usage',
    ]);
  });
});
