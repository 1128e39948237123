import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Input no route may answer with a 5xx, nor store. */
export const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  "' OR 1=1 --",
  "'); DROP TABLE patients; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
  '',
  ' ',
  'x'.repeat(1024 * 1024),
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0.5,
  true,
  null,
  [],
  {},
  { $gt: '' },
  ['a', 'b'],
];

const hostile = fc.constantFrom(...hostileValues);
const hostileText = fc.constantFrom(...hostileStrings);

/** Sizes kept small: the fuzz run is about odd values, not volume (1 MB comes from the list). */
const cap = (n: number | undefined, fallback: number) => Math.min(n ?? fallback, fallback);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, cap(schema.maxLength, 40));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= Math.max(maxLength, 200));
    } catch {
      // A pattern fast-check cannot invert: plain strings (the schema refuses most; that is a 4xx too).
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  const low = Math.max(min, -1e9);
  const high = Math.min(max, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/**
 * A fast-check arbitrary for a JSON schema (zod 4's export of a route's request schema). With
 * `hostileRate` > 0, any value may be swapped for a hostile one (strings with NUL, lone surrogates,
 * 1 MB, RTL overrides, SQL and HTML; huge numbers; wrong types), and objects may lose required
 * keys or gain unknown ones.
 */
export function arbitraryFor(schema: JsonSchema, hostileRate = 0): fc.Arbitrary<unknown> {
  const plain = plainArbitrary(schema, hostileRate);
  if (hostileRate <= 0) return plain;
  const weight = Math.max(1, Math.round((1 - hostileRate) / hostileRate));
  const isText = schema.type === 'string' || schema.format !== undefined || schema.pattern !== undefined;
  const valid = isText
    ? fc.oneof({ arbitrary: plain, weight }, { arbitrary: plain.chain(withHostileText), weight: 1 })
    : plain;
  return fc.oneof({ arbitrary: valid, weight }, { arbitrary: hostile, weight: 1 });
}

/** A valid-looking string with a hostile one inside it (so length and format checks may still pass). */
const withHostileText = (value: unknown) =>
  hostileText.map((bad) => (typeof value === 'string' ? `${value.slice(0, 3)}${bad}${value.slice(3)}` : bad));

function plainArbitrary(schema: JsonSchema, hostileRate: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((s) => arbitraryFor(s, hostileRate)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], hostileRate);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, hostileRate)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, hostileRate) : fc.jsonValue(), {
        minLength: cap(schema.minItems, 3),
        maxLength: Math.max(cap(schema.minItems, 3), cap(schema.maxItems, 3)),
      });
    case 'object':
      return objectArbitrary(schema, hostileRate);
    default:
      return schema.properties ? objectArbitrary(schema, hostileRate) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, hostileRate: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, hostileRate)])),
    { requiredKeys: required.filter((key) => key in properties) },
  );
  if (hostileRate <= 0) return record;
  // Sometimes a required key goes missing, or a key nobody declared (a hostile one) comes along.
  return fc
    .tuple(record, fc.option(fc.constantFrom(...required, 'unexpected\u0000key'), { freq: 8 }), hostile)
    .map(([value, key, bad]) => {
      if (key === null) return value;
      const copy: Record<string, unknown> = { ...(value as object) };
      if (required.includes(key)) delete copy[key];
      else copy[key] = bad;
      return copy;
    });
}

/** A route's request part (params, querystring, body) as a JSON schema, what its zod schema accepts. */
export function requestJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Percent-encodes any string, lone surrogates included (as their would-be UTF-8 bytes). */
export function encodePathValue(value: string): string {
  return Array.from(value, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }).join('');
}
