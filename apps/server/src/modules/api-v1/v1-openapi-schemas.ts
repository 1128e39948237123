export type JsonObject = Record<string, unknown>;

type Pointer = (string | number)[];

const json = (path: string, method: string, ...rest: Pointer): Pointer => ['paths', path, method, ...rest];
const okBody = (path: string, method: string, status = '200') =>
  json(path, method, 'responses', status, 'content', 'application/json', 'schema');
const requestBody = (path: string, method: string, type = 'application/json') =>
  json(path, method, 'requestBody', 'content', type, 'schema');

const patient = okBody('/api/v1/patients/{id}', 'get');
const followUp = okBody('/api/v1/followups', 'post', '201');

/**
 * The schemas a client generator should name, by where the routes' schemas first hold them;
 * inner ones first, so that the outer ones refer to them.
 */
const namedSchemas: [name: string, at: Pointer][] = [
  ['Error', [...requestBodyless('/api/v1/oauth/token', '400'), 'anyOf', 1]],
  ['OAuthError', requestBodyless('/api/v1/oauth/token', '401')],
  ['Procedure', [...patient, 'properties', 'procedure', 'anyOf', 0]],
  ['PatientStatus', [...patient, 'properties', 'status']],
  ['Language', [...patient, 'properties', 'language', 'anyOf', 0]],
  ['MarketingConsent', [...patient, 'properties', 'marketing_consent', 'anyOf', 0]],
  ['Patient', patient],
  ['PatientList', okBody('/api/v1/patients', 'get')],
  ['PatientCreate', requestBody('/api/v1/patients', 'post')],
  ['PatientUpdate', requestBody('/api/v1/patients/{id}', 'patch')],
  ['Review', [...okBody('/api/v1/reviews', 'get'), 'properties', 'data', 'items']],
  ['ReviewList', okBody('/api/v1/reviews', 'get')],
  ['FollowUpMessage', [...followUp, 'properties', 'messages', 'items']],
  ['FollowUp', followUp],
  ['FollowUpCreate', requestBody('/api/v1/followups', 'post')],
  ['Analytics', okBody('/api/v1/analytics', 'get')],
  ['AccessToken', okBody('/api/v1/oauth/token', 'post')],
  ['AccessTokenRequest', requestBody('/api/v1/oauth/token', 'post', 'application/x-www-form-urlencoded')],
];

function requestBodyless(path: string, status: string): Pointer {
  return okBody(path, 'post', status);
}

function at(document: unknown, pointer: Pointer): unknown {
  let node = document;
  for (const key of pointer) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Every subtree equal to `value` becomes `ref` (the generator writes equal schemas alike). */
function replaceEqual(node: unknown, value: string, ref: JsonObject): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (JSON.stringify(node) === value) return ref;
  if (Array.isArray(node)) return node.map((child) => replaceEqual(child, value, ref));
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, replaceEqual(child, value, ref)]),
  );
}

/**
 * Names the document's recurring schemas under components.schemas and refers to them with $ref
 * wherever they occur (request bodies, answers, inside one another).
 */
export function hoistNamedSchemas<Document extends { paths: unknown; components: { schemas: JsonObject } }>(
  document: Document,
): Document {
  let current = document;
  for (const [name, pointer] of namedSchemas) {
    const schema = at(current, pointer);
    if (schema === undefined)
      throw new Error(`The document has no schema at ${pointer.join('/')} for ${name}`);
    const ref = { $ref: `#/components/schemas/${name}` };
    const value = JSON.stringify(schema);
    current = {
      ...current,
      paths: replaceEqual(current.paths, value, ref),
      components: {
        ...current.components,
        schemas: {
          ...(replaceEqual(current.components.schemas, value, ref) as JsonObject),
          [name]: schema,
        },
      },
    };
  }
  return current;
}
