import { webhookEventTypes } from '@careloop/contracts/webhooks';
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
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth', 'clientBasic']);
  });

  it('lists the allowed values as enums, dates as format date, and closes request objects to unknown fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    type Schema = {
      $ref?: string;
      enum?: string[];
      anyOf?: Schema[];
      format?: string;
      type?: string;
      additionalProperties?: boolean;
      properties?: Record<string, Schema>;
      items?: Schema;
    };
    const resolve = (schema: Schema): Schema =>
      schema.$ref
        ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')])
        : schema;
    const enumOf = (schema: Schema): string[] | undefined => {
      const own = resolve(schema);
      return own.enum ?? own.anyOf?.map(resolve).find((s) => s.enum)?.enum;
    };
    // A procedure is one of the clinic's list (the defaults or its own): a string naming the defaults.
    const procedureOf = (schema: Schema) => {
      const own = resolve(schema);
      return own.type === 'string' ? own : own.anyOf?.map(resolve).find((s) => s.type === 'string');
    };
    const namesDefaults = (schema: Schema) => {
      expect(enumOf(schema)).toBeUndefined();
      const description = (procedureOf(schema) as { description?: string } | undefined)?.description ?? '';
      for (const procedure of procedureOptions) expect(description).toContain(procedure);
    };
    const body = resolve(doc.paths['/api/v1/patients'].post.requestBody.content['application/json'].schema);
    const fields = body.properties!;
    namesDefaults(fields.procedure!);
    expect(enumOf(fields.status!)).toEqual([...patientStatuses]);
    expect(enumOf(fields.language!)).toEqual([...appLanguages]);
    expect(fields.procedure_date!.format).toBe('date');
    expect(body.additionalProperties).toBe(false);
    expect(fields.marketing_consent!.additionalProperties).toBe(false);
    const patient = resolve(
      doc.paths['/api/v1/patients/{id}'].get.responses['200'].content['application/json'].schema,
    );
    namesDefaults(patient.properties!.procedure!);
    expect(enumOf(patient.properties!.status!)).toEqual([...patientStatuses]);
    expect(enumOf(patient.properties!.language!)).toEqual([...appLanguages]);
    const consent = resolve(patient.properties!.marketing_consent!.anyOf![0]!);
    expect(Object.keys(consent.properties!)).toEqual(['state', 'source', 'at']);
    const reviews = resolve(
      doc.paths['/api/v1/reviews'].get.responses['200'].content['application/json'].schema,
    );
    const review = resolve(reviews.properties!.data!.items!);
    expect(enumOf(review.properties!.platform!)).toEqual(['trustpilot', 'google']);
  });

  it("names its schemas, declares its headers and lists each operation's own errors", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.servers).toEqual([{ url: t.config.http.publicUrl, description: expect.any(String) }]);
    const operations = Object.values(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(ids).toEqual(expect.arrayContaining(['createPatient', 'getFollowUp', 'requestAccessToken']));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Patient',
        'PatientCreate',
        'Review',
        'FollowUp',
        'Error',
        'ReviewCreatedEvent',
      ]),
    );
    const create = doc.paths['/api/v1/patients'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PatientCreate',
    });
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    // The rule the server applies to the key (idempotency.service.ts), not "any string".
    expect(doc.components.parameters.IdempotencyKey.schema).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[!-~]{1,255}$',
    });
    expect(doc.components.parameters.IdempotencyKey.description).toContain('visible ASCII');
    expect(doc.components.responses.Conflict.description).toContain('3 minutes');
    expect(Object.keys(create.responses['201'].headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]),
    );
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409', '422', '429']);
    expect(Object.keys(doc.paths['/api/v1/patients'].get.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
    ]);
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
    expect(doc.paths['/api/v1/oauth/token'].post.security).toEqual([{ clientBasic: [] }]);
    expect(doc.components.securitySchemes.bearerAuth.flows.clientCredentials.tokenUrl).toBe(
      `${t.config.http.publicUrl}/api/v1/oauth/token`,
    );
  });

  it('documents the payload of every webhook event', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.webhooks)).toEqual([...webhookEventTypes]);
    const matched = doc.components.schemas.PatientMatchedEvent;
    expect(matched.properties.type).toMatchObject({ const: 'patient.matched' });
    expect(Object.keys(matched.properties.data.properties)).toEqual([
      'patient_id',
      'review_id',
      'confidence',
    ]);
  });

  it('names the PUBLIC_URL of the deployment that serves it as its server', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://care.clinic-a.test' } });
    try {
      const doc = (await other.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
      expect(doc.servers[0].url).toBe('https://care.clinic-a.test');
    } finally {
      await other.close();
    }
  });
});
