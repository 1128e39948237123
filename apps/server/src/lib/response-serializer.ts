import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serialize = (data: unknown) => string;
type Route = { schema: unknown; method: string; url: string; httpStatus: string; contentType?: string };

/**
 * Response bodies written from their schema's JSON form by fast-json-stringify: only the declared
 * fields, in order, without building a copy first. zod's serializer parses every body into a new
 * object and then runs JSON.stringify over it: for a page of 20 patients that was 40-75 µs of a
 * request's ~350 µs of CPU. A schema JSON Schema cannot state (a transform, a codec, a date) keeps
 * zod's serializer. Each route's writer is built on its first answer, not at start.
 *
 * What zod did besides and this does not: reject a body that breaks its schema (a wrong type is
 * written as the schema's type; a missing required field still throws). `verify` (the tests) writes
 * every body both ways and throws when zod refuses it or the two differ, so the suites hold each
 * route's body to its schema as before. docs/decisions/025-response-serializer.md
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route as Route;
    const zodWay = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    let write: Serialize | undefined;
    const writer = () => {
      write ??= fastWriterOf(schema) ?? zodWay;
      return write;
    };
    if (!options.verify) return (data) => writer()(data);
    return (data) => {
      const expected = zodWay(data);
      const written = writer()(data);
      if (written !== expected) {
        throw new Error(
          `${method} ${url}: the fast response writer wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      }
      return written;
    };
  };
}

/** A fast-json-stringify writer for the zod schema, or undefined where JSON Schema cannot state it. */
function fastWriterOf(schema: unknown): Serialize | undefined {
  const zodSchema = zodSchemaOf(schema);
  if (!zodSchema) return undefined;
  try {
    // Without `$schema`: fast-json-stringify checks it against the "uri" format, whose expression
    // took ~9 ms to compile on the first answer of the process (the first /api/ready of a start).
    const { $schema: _dialect, ...json } = z.toJSONSchema(zodSchema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    return fastJson(nullableAsTypeList(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? (properties as z.ZodType) : undefined;
}

/**
 * zod states `x.nullable()` as `anyOf: [x, {type: "null"}]`, which fast-json-stringify writes by
 * trying each branch against a validator, value by value; `type: [x's type, "null"]` says the same
 * and is written directly.
 */
function nullableAsTypeList(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeList);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsTypeList(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullAt = branches.findIndex(
    (branch: Record<string, unknown>) => branch.type === 'null' && Object.keys(branch).length === 1,
  );
  const other = branches[1 - nullAt] as Record<string, unknown> | undefined;
  if (nullAt < 0 || typeof other?.type !== 'string' || other.anyOf || other.oneOf || other.allOf) return out;
  const { anyOf: _nullable, ...rest } = out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}
