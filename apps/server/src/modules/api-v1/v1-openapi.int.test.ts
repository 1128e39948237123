import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkableRoutes } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the public API OpenAPI document', () => {
  it('is the committed packages/sdk/openapi/v1.json (after a route change: npm run openapi)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    // CI never writes a file snapshot: a route that changed without the document fails here.
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot(
      '../../../../../packages/sdk/openapi/v1.json',
    );
  });

  it('is OpenAPI 3.1 with every v1 route, its scopes, and nothing of the private API', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const v1Routes = walkableRoutes(t)
      .filter((route) => route.url.startsWith('/api/v1/') && route.url !== '/api/v1/openapi.json')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .sort();
    expect(operations).toEqual(v1Routes);
    expect(operations).toContain('POST /api/v1/oauth/token');
    expect(doc.paths['/api/v1/reviews'].get.security).toEqual([{ bearerAuth: ['reviews:read'] }]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth']);
  });
});
