import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccessToken, buildApiClient } from '../testing/build-api-client';
import { buildCase } from '../testing/build-case';
import { buildPatient } from '../testing/build-patient';
import { buildReview } from '../testing/build-review';
import { buildClinic, buildMember, clientIp, type SignedInUser } from '../testing/build-user';
import { type ChannelSandboxes, startChannelSandboxes } from '../testing/channel-sandboxes';
import { changedTables, clinicSnapshot, fillPath, pathParams, walkableRoutes } from '../testing/route-table';
import {
  arbitraryFor,
  encodePathValue,
  hostileStrings,
  requestJsonSchema,
} from '../testing/schema-arbitrary';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app';
import { buildWebhookDelivery, buildWebhookEndpoint } from '../testing/webhook-receiver';
import type { DeclaredRoute } from './route-access';

/** Deterministic by default; FUZZ_SEED and FUZZ_RUNS replay or widen a run. */
const seed = Number(process.env.FUZZ_SEED ?? 15);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 8);
/** One request in this many is hostile in some part; the rest follow the schema. */
const hostileRate = 0.3;

/** Answers a route gives by design: readiness is 503 while the job runner is stopped (as here). */
// Stripe is not reachable in this run: a checkout answers 502 'Stripe could not be reached', storing nothing.
const designedServerErrors = new Set(['GET /api/ready 503', 'POST /api/billing/checkout 502']);

type FuzzRequest = { method: string; url: string; body: unknown };

const describeRequest = (request: FuzzRequest) => {
  const body = JSON.stringify(request.body) ?? '';
  return `${request.method} ${request.url.slice(0, 300)} ${body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body}`;
};

/** A query value as a browser would send it: arrays repeat the key, objects go as JSON. */
function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${encodePathValue(key)}=${encodePathValue(text)}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

describe('schema-driven fuzzing of every route, as the owner of a clinic', () => {
  let t: TestApp;
  let sandboxes: ChannelSandboxes;
  let clinic: { clinicId: string; owner: SignedInUser };
  let ids: Record<string, string[]>;
  /** The public API's routes are called with a token of the same clinic holding every scope. */
  let apiToken: string;

  beforeAll(async () => {
    sandboxes = await startChannelSandboxes();
    // Hundreds of requests from one owner: the per-user budget (signed-in-guards) would answer most of them 429.
    // The webhook endpoint's target is a closed local port: a replay fails at once, reaching nobody.
    t = await createTestApp({
      env: {
        ...sandboxes.env,
        SIGNED_IN_REQUESTS_PER_MINUTE: '1000000',
        WEBHOOK_ALLOWED_PRIVATE_TARGETS: '127.0.0.1:9',
      },
    });
    clinic = await buildClinic(t, { tier: 'enterprise' });
    const patient = await buildPatient(t, clinic.clinicId);
    const { review } = await buildReview(t, { clinicId: clinic.clinicId, patientName: 'Ana Ruiz' });
    const { case: kase } = await buildCase(t, { clinicId: clinic.clinicId, patientId: patient.id });
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    apiToken = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
    const webhookEndpoint = await buildWebhookEndpoint(t, clinic.owner, 'http://127.0.0.1:9/hook');
    const webhookDelivery = await buildWebhookDelivery(t, clinic.clinicId, webhookEndpoint.id);
    // Real ids make some requests reach the records; the owner's own id stays out of reach so
    // the run cannot demote the caller.
    ids = {
      patients: [patient.id],
      reviews: [review.id],
      'review-matches': [review.id],
      cases: [kase.id],
      members: [staff.userId],
      'webhook-endpoints': [webhookEndpoint.id],
      deliveries: [webhookDelivery.id],
      webhooks: [clinic.clinicId],
      whatsapp: [clinic.clinicId],
      twilio: [clinic.clinicId],
      vonage: [clinic.clinicId],
    };
  });

  afterAll(async () => {
    await t?.close();
    await sandboxes?.close();
  });

  function requestArbitrary(route: DeclaredRoute): fc.Arbitrary<FuzzRequest> {
    const segments = route.url.split('/');
    const paramsSchema = requestJsonSchema(route.schema?.params);
    const params = fc.record(
      Object.fromEntries(
        pathParams(route.url).map((name) => {
          const known = ids[segments[segments.indexOf(`:${name}`) - 1] ?? ''] ?? [];
          const generated = paramsSchema?.properties?.[name]
            ? arbitraryFor(paramsSchema.properties[name], hostileRate)
            : fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...hostileStrings));
          const text = generated.map((value) => encodePathValue(String(value)));
          return [name, known.length > 0 ? fc.oneof(fc.constantFrom(...known), text) : text];
        }),
      ),
    );
    const querySchema = requestJsonSchema(route.schema?.querystring);
    const query = querySchema ? arbitraryFor(querySchema, hostileRate) : fc.constant(undefined);
    const bodySchema = requestJsonSchema(route.schema?.body);
    const hasBody = !['GET', 'DELETE'].includes(route.method);
    const body = !hasBody
      ? fc.constant(undefined)
      : bodySchema
        ? arbitraryFor(bodySchema, hostileRate)
        : fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...hostileStrings));
    return fc.record({ params, query, body }).map(({ params: values, query: q, body: b }) => ({
      method: route.method,
      url: `${fillPath(route.url, values as Record<string, string>)}${queryString(q)}`,
      body: b,
    }));
  }

  // The routes in shares, a test each: one test of every route's requests took over its 120 s
  // hang guard on a loaded machine; a share is an eighth of that work.
  const shares = 8;
  it.each(Array.from({ length: shares }, (_, share) => share))(
    'never answers 5xx, and stores nothing when it answers 4xx (routes %i mod 8)',
    async (share) => {
      const routes = walkableRoutes(t);
      const failures: string[] = [];
      let requests = 0;
      let lastSnapshot = await clinicSnapshot(t.db, clinic.clinicId);
      for (const [index, route] of routes.entries()) {
        if (index % shares !== share) continue;
        const samples = fc.sample(requestArbitrary(route), { seed: seed + index, numRuns: runsPerRoute });
        for (const request of samples) {
          const res = await t.app.inject({
            method: request.method as 'POST',
            url: request.url,
            headers: {
              origin: testOrigin,
              cookie: clinic.owner.cookie,
              ...(route.access === 'bearer' ? bearer(apiToken) : {}),
              'x-forwarded-for': clientIp(),
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
          });
          requests += 1;
          const snapshot = await clinicSnapshot(t.db, clinic.clinicId);
          const changed = res.statusCode >= 400 ? changedTables(lastSnapshot, snapshot) : [];
          const serverError =
            res.statusCode >= 500 &&
            !designedServerErrors.has(`${route.method} ${route.url} ${res.statusCode}`);
          if (serverError || changed.length > 0) {
            failures.push(
              `seed ${seed + index} (FUZZ_SEED=${seed}, route ${index}): ${res.statusCode}${changed.length > 0 ? ` changed ${changed}` : ''} ${res.body.slice(0, 160)}\n    ${describeRequest(request)}`,
            );
          }
          lastSnapshot = snapshot;
        }
      }
      console.info(
        `request-fuzz share ${share}: ${requests} requests (every 8th of ${routes.length} routes), ${failures.length} failures`,
      );
      expect(requests).toBeGreaterThan(0);
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );
});
