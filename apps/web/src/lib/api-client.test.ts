import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError, apiFetch } from './api-client';

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the answer', async () => {
    const network = stubFetch(() => json({ ok: 1 }));
    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({
      ok: 1,
    });
    expect(network.requests[0]).toMatchObject({ method: 'POST', path: '/api/things', body: { name: 'x' } });
    const init = network.mock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it.each([
    [403, { error: { code: 'NO_CLINIC', message: 'No clinic found' } }, 'NO_CLINIC', 'No clinic found'],
    [
      401,
      { error: { code: 'UNAUTHENTICATED', message: 'Not authenticated' } },
      'UNAUTHENTICATED',
      'Not authenticated',
    ],
    [502, 'Bad gateway', 'HTTP_ERROR', 'HTTP 502'],
  ])('turns a %i answer into an ApiError', async (status, body, code, message) => {
    stubFetch(() => (typeof body === 'string' ? new Response(body, { status }) : json(body, status)));
    const error = await apiFetch('/api/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('returns undefined for an empty answer', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/thing', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
