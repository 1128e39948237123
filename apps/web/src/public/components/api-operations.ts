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

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
};

/** A short type for a reader: string, integer, 'a' | 'b', string | null. */
export function typeName(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => `'${String(value)}'`).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

export function operationKey(method: string, path: string): string {
  const parts = path.replace('/api/v1/', '').replace(/[{}]/g, '').split('/');
  return [method, ...parts].join('_');
}

function apiOperations(doc: { paths: Record<string, Record<string, Operation>> }): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      const required = new Set(body?.required ?? []);
      return {
        key: operationKey(method, path),
        method: method.toUpperCase(),
        path,
        scopes: operation.security?.flatMap((requirement) => Object.values(requirement).flat()) ?? [],
        fields: [
          ...(operation.parameters ?? []).map((p) => ({
            name: p.name,
            where: p.in as 'path' | 'query',
            required: p.required === true,
            type: typeName(p.schema),
          })),
          ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
            name,
            where: 'body' as const,
            required: required.has(name),
            type: typeName(schema),
          })),
        ],
      };
    }),
  );
}

export const publicApiOperations = apiOperations(openApi as never);
