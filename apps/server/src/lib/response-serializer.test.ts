import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const writerFor = (schema: unknown, verify = false) =>
  createResponseSerializerCompiler({ verify })(route(schema)) as (data: unknown) => string;

const patient = z.object({
  id: z.string(),
  email: z.string().nullable(),
  status: z.enum(['active', 'red']),
  consent: z.object({ state: z.string(), at: z.string() }).nullable(),
  tags: z.array(z.string()),
  total: z.number().int().nullable(),
});

describe('response bodies written from their schema', () => {
  it.each([
    [
      'every field set',
      {
        id: 'P-1',
        email: 'a@b.c',
        status: 'red',
        consent: { state: 'granted', at: '2026-01-01' },
        tags: ['x'],
        total: 3,
      },
    ],
    [
      'nullable fields null',
      { id: 'P-2', email: null, status: 'active', consent: null, tags: [], total: null },
    ],
    [
      'a string with quotes and a line break',
      { id: 'P-"3"\n', email: null, status: 'active', consent: null, tags: ['é', '\u2028'], total: 0 },
    ],
  ])('%s: the same JSON as zod writes', (_case, body) => {
    expect(writerFor(patient)(body)).toBe(JSON.stringify(patient.parse(body)));
  });

  it('writes only the declared fields: a column the schema does not name never leaves', () => {
    const row = {
      id: 'P-1',
      email: null,
      status: 'active',
      consent: null,
      tags: [],
      total: 1,
      passwordHash: 'secret',
    };
    expect(writerFor(patient)(row)).not.toContain('secret');
    expect(JSON.parse(writerFor(patient)(row))).not.toHaveProperty('passwordHash');
  });

  it('takes the schema as Fastify hands it over, bare or under `properties`', () => {
    const body = { id: 'P-1', email: null, status: 'active', consent: null, tags: [], total: 1 };
    expect(writerFor({ properties: patient })(body)).toBe(writerFor(patient)(body));
  });

  it("keeps zod's writer for a schema JSON Schema cannot state (a date)", () => {
    const schema = z.object({ at: z.date() });
    expect(writerFor(schema)({ at: new Date('2026-01-01T00:00:00Z') })).toBe(
      '{"at":"2026-01-01T00:00:00.000Z"}',
    );
  });

  it('a missing required field fails the answer', () => {
    expect(() => writerFor(patient)({ id: 'P-1' })).toThrow();
  });

  it('verifying (the tests): a body zod refuses fails, though the fast writer would have coerced it', () => {
    const wrongType = { id: 7, email: null, status: 'active', consent: null, tags: [], total: 1 };
    expect(writerFor(patient)(wrongType)).toContain('"id":"7"');
    expect(() => writerFor(patient, true)(wrongType)).toThrow();
  });
});
