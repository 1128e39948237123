import openApi from '@careloop/sdk/openapi.json';

/** One endpoint of the public API as its OpenAPI document (packages/sdk/openapi/v1.json) describes it. */
export type ApiOperation = {
  /** i18n key under product:api.operations, e.g. get_patients_id for GET /api/v1/patients/{id}. */
  key: string;
  method: string;
  path: string;
  scopes: string[];
  /** Query and path parameters, then body fields (JSON or form). */
  fields: { name: string; where: 'path' | 'query' | 'body'; required: boolean; type: string }[];
};

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
type Parameter = { $ref?: string; name: string; in: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
};

export type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

/**
 * What a `$ref` of the document names (`#/components/schemas/Patient`): the document keeps its
 * schemas and shared parameters under `components` once and points at them.
 */
export function dereference<T extends { $ref?: string }>(doc: Document, value: T): T {
  let current: T = value;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    const found = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
    if (!found) return current;
    current = found as T;
  }
  return current;
}

/** A short type for a reader: string, integer, 'a' | 'b', string | null. */
export function typeName(schema: JsonSchema, doc?: Document): string {
  if (schema.$ref && doc) return typeName(dereference(doc, schema), doc);
  if (schema.enum) return schema.enum.map((value) => `'${String(value)}'`).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((option) => typeName(option, doc)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

export function operationKey(method: string, path: string): string {
  const parts = path.replace('/api/v1/', '').replace(/[{}]/g, '').split('/');
  return [method, ...parts].join('_');
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

function apiOperations(doc: Document): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => methods.has(method))
      .map(([method, operation]) => {
        const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        const body = bodySchema ? dereference(doc, bodySchema) : undefined;
        const required = new Set(body?.required ?? []);
        // Headers (Idempotency-Key) are explained on the page, not listed as fields.
        const parameters = (operation.parameters ?? [])
          .map((parameter) => dereference(doc, parameter))
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
        return {
          key: operationKey(method, path),
          method: method.toUpperCase(),
          path,
          scopes: operation.security?.flatMap((requirement) => Object.values(requirement).flat()) ?? [],
          fields: [
            ...parameters.map((p) => ({
              name: p.name,
              where: p.in as 'path' | 'query',
              required: p.required === true,
              type: typeName(p.schema, doc),
            })),
            ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
              name,
              where: 'body' as const,
              required: required.has(name),
              type: typeName(schema, doc),
            })),
          ],
        };
      }),
  );
}

export const publicApiOperations = apiOperations(openApi as never);
