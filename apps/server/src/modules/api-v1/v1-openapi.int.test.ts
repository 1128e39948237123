import { appLanguages } from '@careloop/domain/clinic-locale';
import { patientStatuses, procedureOptions } from '@careloop/domain/patient';
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

  it('lists the allowed values as enums, dates as format date, and closes request objects to unknown fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    type Schema = { enum?: string[]; anyOf?: Schema[]; format?: string; additionalProperties?: boolean };
    const enumOf = (schema: Schema) => schema.enum ?? schema.anyOf?.find((s) => s.enum)?.enum;
    const body = doc.paths['/api/v1/patients'].post.requestBody.content['application/json'].schema;
    expect(enumOf(body.properties.procedure)).toEqual([...procedureOptions]);
    expect(enumOf(body.properties.status)).toEqual([...patientStatuses]);
    expect(enumOf(body.properties.language)).toEqual([...appLanguages]);
    expect(body.properties.procedure_date.format).toBe('date');
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.marketing_consent.additionalProperties).toBe(false);
    const patient =
      doc.paths['/api/v1/patients/{id}'].get.responses['200'].content['application/json'].schema;
    expect(enumOf(patient.properties.procedure)).toEqual([...procedureOptions]);
    expect(enumOf(patient.properties.status)).toEqual([...patientStatuses]);
    expect(enumOf(patient.properties.language)).toEqual([...appLanguages]);
    expect(Object.keys(patient.properties.marketing_consent.anyOf[0].properties)).toEqual([
      'state',
      'source',
      'at',
    ]);
    const review = doc.paths['/api/v1/reviews'].get.responses['200'].content['application/json'].schema;
    expect(enumOf(review.properties.data.items.properties.platform)).toEqual(['trustpilot', 'google']);
  });
});
