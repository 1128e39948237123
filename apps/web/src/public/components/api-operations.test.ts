import {
  v1AnalyticsSchema,
  v1CampaignSchema,
  v1PatientListResponseSchema,
  v1PatientSchema,
  v1ReviewListResponseSchema,
} from '@careloop/contracts/api-v1';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import en from '../../i18n/en/product.json';
import { operationKey, publicApiOperations, typeName } from './api-operations';
import { publicApiEndpoints } from './public-api-reference';

describe('the API reference read from the OpenAPI document', () => {
  it('lists every v1 operation with a description in the app languages', () => {
    const described = en.api.operations as Record<string, string>;
    expect(publicApiOperations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/v1/oauth/token');
    for (const operation of publicApiOperations) expect(described[operation.key], operation.key).toBeTruthy();
  });

  it('names the scope and the fields of an operation', () => {
    const list = publicApiOperations.find((o) => o.key === 'get_reviews')!;
    expect(list.scopes).toEqual(['reviews:read']);
    expect(list.fields).toContainEqual({
      name: 'platform',
      where: 'query',
      required: false,
      type: "'trustpilot' | 'google'",
    });
    const create = publicApiOperations.find((o) => o.key === 'post_patients')!;
    expect(create.fields).toContainEqual({ name: 'name', where: 'body', required: true, type: 'string' });
  });

  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ enum: ['en', 'es'] }, "'en' | 'es'"],
    [{ anyOf: [{ enum: ['tr'] }, { type: 'null' }] }, "'tr' | null"],
    [{}, 'any'],
  ])('typeName(%j) = %s', (schema, expected) => {
    expect(typeName(schema)).toBe(expected);
  });

  it.each([
    ['get', '/api/v1/patients', 'get_patients'],
    ['patch', '/api/v1/patients/{id}', 'patch_patients_id'],
    ['post', '/api/v1/oauth/token', 'post_oauth_token'],
  ])('operationKey(%s, %s) = %s', (method, path, key) => {
    expect(operationKey(method, path)).toBe(key);
  });
});

describe("the /api page's examples", () => {
  const schemaOf: Record<string, z.ZodType> = {
    listPatients: v1PatientListResponseSchema,
    createPatient: v1PatientSchema,
    listReviews: v1ReviewListResponseSchema,
    triggerFollowUp: v1CampaignSchema,
    analytics: v1AnalyticsSchema,
  };

  it.each(publicApiEndpoints.map((e) => [e.id, e] as const))(
    '%s is an operation of the document and its response parses with the API’s own schema',
    (id, example) => {
      expect(publicApiOperations.map((o) => `${o.method} ${o.path}`)).toContain(
        `${example.method} ${example.endpoint}`,
      );
      const response = JSON.parse(example.response);
      // Parsed equal to itself: no field missing, none of a wrong type, none unknown (zod drops those).
      expect(schemaOf[id]!.parse(response)).toEqual(response);
    },
  );
});
