import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLog } from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic, clientIp } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

const partner = 'https://pms.partner.example';

describe('CORS, request ids and unknown paths of /api/v1', () => {
  let t: TestApp;
  let closed: TestApp;
  let token: string;
  let apiClientId: string;
  let clinicId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { API_CORS_ORIGINS: `${partner}, *` } });
    closed = await createTestApp();
    const clinic = await buildClinic(t, { tier: 'professional' });
    clinicId = clinic.clinicId;
    const client = await buildApiClient(t, clinic.owner);
    apiClientId = client.id;
    token = await buildAccessToken(t, client);
  });

  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  const preflight = (app: TestApp, url: string, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });

  it('answers a preflight from a listed origin with the methods and headers the API takes', async () => {
    const res = await preflight(t, '/api/v1/patients', partner);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(', ')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-request-id']),
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses other origins, and every origin when none is listed (the default)', async () => {
    const other = await preflight(t, '/api/v1/patients', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const byDefault = await preflight(closed, '/api/v1/patients', partner);
    expect(byDefault.headers['access-control-allow-origin']).toBeUndefined();
    const documentByDefault = await closed.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { origin: partner },
    });
    expect(documentByDefault.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin read the answer and its rate-limit and request-id headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients',
      headers: { ...bearer(token), origin: partner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers.vary).toContain('Origin');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-RateLimit-Remaining');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Request-Id');
  });

  it('opens the document alone to every origin with *', async () => {
    const doc = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { origin: 'https://docs.anywhere.example' },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['access-control-allow-origin']).toBe('*');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients',
      headers: { ...bearer(token), origin: 'https://docs.anywhere.example' },
    });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a setting that is not a list of origins', async () => {
    await expect(createTestApp({ env: { API_CORS_ORIGINS: 'https://a.example/path' } })).rejects.toThrow(
      /API_CORS_ORIGINS/,
    );
  });

  it('keeps a well-formed X-Request-Id, answers it, and writes it in the log line', async () => {
    const id = 'pms-7f3a:batch.12_x';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients/pat_missing',
      headers: { ...bearer(token), 'x-request-id': id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.json().error.request_id).toBe(id);
    const lines = t.logLines.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
    expect(lines.some((line) => line.res?.statusCode === 404)).toBe(true);
  });

  it('replaces a malformed X-Request-Id with its own, on every answer, errors included', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients',
      headers: { authorization: 'Bearer nope', 'x-request-id': 'bad id\twith spaces' },
    });
    expect(res.statusCode).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^req_[a-z0-9]{20}$/);
    expect(res.json().error.request_id).toBe(id);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-request-id']).toMatch(/^req_/);
    expect(health.headers['x-request-id']).not.toBe(id);
  });

  it("answers an unknown /api/v1 path with v1's own rate-limit headers, reset in epoch seconds", async () => {
    // The reset is bounded by the clock read just before and just after each request: a bound taken
    // once at the start failed when the statements between the two requests took over a second.
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: bearer(token) });
    const after = Math.ceil(Date.now() / 1000);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    const reset = Number(res.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(before);
    expect(reset).toBeLessThanOrEqual(after + 3600);
    await t.deps.apiUsage.flush();
    const logged = await t.db
      .select({ route: apiCallLog.route, statusCode: apiCallLog.statusCode })
      .from(apiCallLog)
      .where(and(eq(apiCallLog.clinicId, clinicId), eq(apiCallLog.apiClientId, apiClientId)));
    expect(logged).toContainEqual({ route: '/api/v1/nothing-here', statusCode: 404 });

    const beforeAnonymous = Math.floor(Date.now() / 1000);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'x-forwarded-for': clientIp() },
    });
    const afterAnonymous = Math.ceil(Date.now() / 1000);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers['x-ratelimit-limit']).toBe('300');
    expect(Number(anonymous.headers['x-ratelimit-reset'])).toBeGreaterThan(beforeAnonymous);
    expect(Number(anonymous.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(afterAnonymous + 60);
  });
  it.each([
    ["a path segment past the router's 100 characters", `/api/v1/patients/${'P'.repeat(101)}`],
    ['a badly percent-encoded segment', '/api/v1/patients/%E0%A4%A'],
  ])('answers %s with a 400 in the envelope, with its request id', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The URL is not valid' });
    expect(error.request_id).toBe(res.headers['x-request-id']);
  });
});
