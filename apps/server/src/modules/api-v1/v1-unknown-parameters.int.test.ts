import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { changedTables, clinicSnapshot, fillPath, walkableRoutes } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A body each v1 write route accepts, so that only the query is wrong. */
const validBodies: Record<string, object> = {
  'POST /api/v1/patients': { name: 'Query Probe' },
  'PATCH /api/v1/patients/:id': { name: 'Query Probe' },
  'POST /api/v1/followups': { patient_id: 'P-nobody' },
};

// OAuth 2.0 requires the token endpoint to ignore parameters it does not know (RFC 6749 §3.1, §3.2).
const ignoresUnknown = new Set(['/api/v1/oauth/token', '/api/v1/openapi.json']);

describe('/api/v1: unknown query parameters and body fields answer 400 PARAMETER_UNKNOWN', () => {
  let t: TestApp;
  let clinic: Awaited<ReturnType<typeof buildClinic>>;
  let token: string;
  let patientId: string;

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t, { tier: 'professional' });
    token = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
    patientId = (await buildPatient(t, clinic.clinicId, { name: 'Ana Ruiz' })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  it.each([
    ['/api/v1/patients?status=completed', ['status']],
    ['/api/v1/patients?sort=name&limit=5', ['sort']],
    ['/api/v1/patients?q=ana&sort=name', ['q', 'sort']],
    ['/api/v1/reviews?stars=5', ['stars']],
    ['/api/v1/analytics?since=2026-01-01', ['since']],
  ])('GET %s names %j', async (url, names) => {
    const res = await call('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'PARAMETER_UNKNOWN',
      message: `Unknown query parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
      details: names.map((field) => ({ field, message: 'Unknown query parameter' })),
      request_id: res.headers['x-request-id'],
    });
  });

  it('still answers the parameters it knows', async () => {
    const res = await call('GET', '/api/v1/patients?search=ana&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: string }) => p.id)).toEqual([patientId]);
  });

  it('refuses an unknown query parameter on every v1 route, changing nothing', async () => {
    const routes = walkableRoutes(t).filter(
      (route) => route.url.startsWith('/api/v1/') && !ignoresUnknown.has(route.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const route of routes) {
      const url = `${fillPath(route.url, { id: patientId })}?unknown_param=1`;
      const res = await call(
        route.method as 'GET' | 'POST' | 'PATCH',
        url,
        validBodies[`${route.method} ${route.url}`],
      );
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 400,
        body: {
          error: expect.objectContaining({
            code: 'PARAMETER_UNKNOWN',
            message: 'Unknown query parameter: unknown_param',
          }),
        },
      });
    }
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it('refuses unknown body fields, nested ones too, naming them, and stores nothing', async () => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const camel = await call('POST', '/api/v1/patients', { name: 'A', procedureDate: '2026-01-01' });
    expect(camel.statusCode).toBe(400);
    expect(camel.json().error).toEqual({
      code: 'PARAMETER_UNKNOWN',
      message: 'Unknown field: procedureDate',
      details: [{ field: 'procedureDate', message: 'Unknown field' }],
      request_id: camel.headers['x-request-id'],
    });
    const nested = await call('PATCH', `/api/v1/patients/${patientId}`, {
      name: 'Changed',
      marketing_consent: { state: 'granted', source: 'staff' },
      comment: 'not in v1',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.code).toBe('PARAMETER_UNKNOWN');
    expect(
      nested
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['comment', 'marketing_consent.source']);
    const followup = await call('POST', '/api/v1/followups', { patient_id: patientId, channel: 'sms' });
    expect(followup.statusCode).toBe(400);
    expect(followup.json().error.message).toBe('Unknown field: channel');
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it('the app: add and edit patient refuse unknown fields (procedureDate as a timestamp is no date) and change nothing', async () => {
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers,
      payload: { name: 'A', procedure_date: '2026-01-01' },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error).toMatchObject({
      code: 'PARAMETER_UNKNOWN',
      message: 'Unknown field: procedure_date',
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      headers,
      payload: { name: 'Changed', treatmentDate: '2026-01-01' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.details).toEqual([{ field: 'treatmentDate', message: 'Unknown field' }]);
    const timestamp = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers,
      payload: { name: 'A', procedureDate: '2026-01-01T00:30:00Z' },
    });
    expect(timestamp.statusCode).toBe(400);
    expect(timestamp.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(timestamp.json().error.details[0]).toEqual({
      field: 'procedureDate',
      message: 'Please enter the procedure date as YYYY-MM-DD',
    });
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });
});
