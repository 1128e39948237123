import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccessToken, buildApiClient } from '../testing/build-api-client';
import { buildCase } from '../testing/build-case';
import { buildPatient } from '../testing/build-patient';
import { buildReview } from '../testing/build-review';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../testing/build-user';
import { changedTables, clinicSnapshot, fillPath, pathParams, walkableRoutes } from '../testing/route-table';
import { arbitraryFor, requestJsonSchema } from '../testing/schema-arbitrary';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildWebhookDelivery, buildWebhookEndpoint } from '../testing/webhook-receiver';
import type { DeclaredRoute } from './route-access';
import { isSignedInAccess, routeAccessKinds } from './route-access';

/** Path parameters that name no record (the onboarding step, a QA case id): any valid value will do. */
const notRecordIds: Record<string, string> = {
  step: '2',
  testId: 'comms-opt-out',
  checkId: 'secure_headers',
};

/** Bodies no generated sample satisfies (a real phone number); only the body's record ids vary. */
const handWrittenBodies = (ownClinicId: string): Record<string, object> => ({
  'POST /api/automation/test-message': {
    clinicId: ownClinicId,
    treatmentType: 'Implant',
    patientPhone: '+14155552671',
    daysAfterTreatment: 7,
    messageType: 'followup',
    preferredChannel: 'sms',
  },
});

/** A body the route's own schema accepts, so the request reaches the record lookup. */
function validPartOf(schema: unknown): unknown {
  const jsonSchema = requestJsonSchema(schema);
  if (!jsonSchema) return undefined;
  const parse = (schema as { safeParse(value: unknown): { success: boolean } }).safeParse.bind(schema);
  const samples = fc.sample(arbitraryFor(jsonSchema), { seed: 15, numRuns: 300 });
  return samples.find((sample) => parse(sample).success);
}

describe('every route declares who may call it, and the declaration holds', () => {
  let t: TestApp;
  let victim: { clinicId: string; ids: Record<string, string> };
  /** The victim's records by the body field that names them (`patientId`, `ownerUserId`...). */
  let victimBodyIds: Record<string, string> = {};
  let attacker: {
    clinicId: string;
    owner: SignedInUser;
    staff: SignedInUser;
    ids: Record<string, string>;
    /** A bearer token of the attacker's clinic with every scope, and two with one scope each. */
    token: string;
    analyticsOnly: string;
    patientsReadOnly: string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await buildClinic(t, { tier: 'enterprise' });
    const patient = await buildPatient(t, a.clinicId);
    const review = await buildReview(t, { clinicId: a.clinicId, patientName: 'Ana Ruiz' });
    const kase = await buildCase(t, { clinicId: a.clinicId, patientId: patient.id });
    const colleague = await buildMember(t, a.clinicId, 'staff');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: jsonHeaders({ cookie: a.owner.cookie }),
      payload: { email: `invitee-${a.clinicId}@test.careloop.local`, role: 'staff' },
    });
    expect(invited.statusCode).toBe(201);
    // Matching the review to the patient by hand records its reviewer name as the patient's alias.
    const matched = await t.app.inject({
      method: 'POST',
      url: `/api/review-matches/${review.review.id}/match`,
      headers: jsonHeaders({ cookie: a.owner.cookie }),
      payload: { patientId: patient.id },
    });
    expect(matched.statusCode).toBe(200);
    const aliases = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${patient.id}/aliases`,
      headers: { cookie: a.owner.cookie },
    });
    const [alias] = aliases.json().items as { id: string }[];
    if (!alias) throw new Error('the match recorded no alias');
    const apiClient = await buildApiClient(t, a.owner);
    // A public address, never called: nothing here runs the delivery job.
    const webhookEndpoint = await buildWebhookEndpoint(t, a.owner, 'https://93.184.216.34/careloop');
    const webhookDelivery = await buildWebhookDelivery(t, a.clinicId, webhookEndpoint.id);
    const followUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/followups',
      headers: { ...bearer(await buildAccessToken(t, apiClient)), 'content-type': 'application/json' },
      payload: { patient_id: patient.id },
    });
    expect(followUp.statusCode).toBe(201);
    const procedure = await t.app.inject({
      method: 'POST',
      url: '/api/procedures',
      headers: jsonHeaders({ cookie: a.owner.cookie }),
      payload: { names: { es: 'Ortodoncia' } },
    });
    expect(procedure.statusCode).toBe(200);
    victim = {
      clinicId: a.clinicId,
      // Which record each id parameter names, by the path segment before it.
      ids: {
        clinics: a.clinicId,
        patients: patient.id,
        reviews: review.review.id,
        'review-matches': review.review.id,
        cases: kase.case.id,
        invitations: invited.json().id,
        members: colleague.userId,
        aliases: alias.id,
        'api-clients': apiClient.id,
        'webhook-endpoints': webhookEndpoint.id,
        deliveries: webhookDelivery.id,
        followups: followUp.json().id,
        procedures: 'Ortodoncia',
      },
    };
    victimBodyIds = {
      patientId: patient.id,
      patient_id: patient.id,
      reviewId: review.review.id,
      caseId: kase.case.id,
    };
    victimBodyIds.ownerUserId = colleague.userId;
    victimBodyIds.userId = colleague.userId;
    victimBodyIds.aliasId = alias.id;
    const b = await buildClinic(t, { tier: 'enterprise' });
    const ownPatient = await buildPatient(t, b.clinicId);
    const ownReview = await buildReview(t, { clinicId: b.clinicId, patientName: 'Eva Gil' });
    const ownCase = await buildCase(t, { clinicId: b.clinicId, patientId: ownPatient.id });
    const staff = await buildMember(t, b.clinicId, 'staff');
    attacker = {
      clinicId: b.clinicId,
      owner: b.owner,
      staff,
      token: await buildAccessToken(t, await buildApiClient(t, b.owner)),
      analyticsOnly: await buildAccessToken(
        t,
        await buildApiClient(t, b.owner, { scopes: ['analytics:read'] }),
      ),
      patientsReadOnly: await buildAccessToken(
        t,
        await buildApiClient(t, b.owner, { scopes: ['patients:read'] }),
      ),
      ids: {
        patients: ownPatient.id,
        reviews: ownReview.review.id,
        'review-matches': ownReview.review.id,
        cases: ownCase.case.id,
        members: staff.userId,
      },
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Credentials: a session cookie (string), or headers such as a bearer token's. */
  const call = (route: DeclaredRoute, url: string, credentials?: string | Record<string, string>) => {
    const body =
      route.method === 'GET' || route.method === 'DELETE' ? undefined : validPartOf(route.schema?.body);
    const auth = typeof credentials === 'string' ? { cookie: credentials } : (credentials ?? {});
    const { 'content-type': _json, ...headers } = jsonHeaders(auth);
    return t.app.inject({
      method: route.method as 'GET',
      url,
      ...(body === undefined ? { headers } : { headers: jsonHeaders(auth), payload: body as object }),
    });
  };

  /** The attacker's owner: their session on signed-in routes, their clinic's full token on bearer routes. */
  const attackerCredentials = (route: DeclaredRoute) =>
    route.access === 'bearer' ? bearer(attacker.token) : { cookie: attacker.owner.cookie };

  /** Routes that act inside the caller's clinic; operators act on the service (`/api/admin/clinics/:clinicId`...). */
  const isClinicScoped = (route: DeclaredRoute) =>
    (isSignedInAccess(route.access) && route.access !== 'operator') || route.access === 'bearer';

  /** The victim's record for each parameter, named by the path segment before it. */
  const victimPath = (route: DeclaredRoute) => {
    const segments = route.url.split('/');
    const values: Record<string, string> = {};
    for (const name of pathParams(route.url)) {
      const before = segments[segments.indexOf(`:${name}`) - 1] ?? '';
      const value = notRecordIds[name] ?? victim.ids[before];
      if (!value)
        throw new Error(`${route.method} ${route.url}: no test record for :${name} after /${before}/`);
      values[name] = value;
    }
    return fillPath(route.url, values);
  };

  it('declares an access kind on every route', () => {
    const routes = walkableRoutes(t);
    const undeclared = routes.filter((route) => !routeAccessKinds.includes(route.access));
    expect(undeclared).toEqual([]);
    const byKind = Object.fromEntries(
      routeAccessKinds.map((kind) => [kind, routes.filter((route) => route.access === kind).length]),
    );
    console.info(`route-access: ${routes.length} routes declared`, byKind);
    expect(routes.length).toBeGreaterThan(80);
  });

  it('answers 401 to anonymous callers on every signed-in route, 403 to staff on manager and owner routes and to clinic owners on operator routes', async () => {
    const routes = walkableRoutes(t).filter((route) => isSignedInAccess(route.access));
    const wrong: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const url = victimPath(route);
      const anonymous = await call(route, url);
      requests += 1;
      if (anonymous.statusCode !== 401)
        wrong.push(`anonymous ${route.method} ${url}: ${anonymous.statusCode}`);
      if (route.access === 'manager' || route.access === 'owner') {
        const staff = await call(route, url, attacker.staff.cookie);
        requests += 1;
        if (staff.statusCode !== 403) wrong.push(`staff ${route.method} ${url}: ${staff.statusCode}`);
      }
      if (route.access === 'operator') {
        // A clinic's owner is not an operator of the service (OPERATOR_EMAILS names nobody here).
        const owner = await call(route, url, attacker.owner.cookie);
        requests += 1;
        if (owner.statusCode !== 403) wrong.push(`clinic owner ${route.method} ${url}: ${owner.statusCode}`);
      }
    }
    console.info(`route-access: ${requests} anonymous and staff requests`);
    expect(wrong).toEqual([]);
  });

  it('answers 401 without a live bearer token (none, a session, a made-up one) and 403 to a token without the scope, on every bearer route', async () => {
    const routes = walkableRoutes(t).filter((route) => route.access === 'bearer');
    const wrong: string[] = [];
    for (const route of routes) {
      const url = victimPath(route);
      for (const [who, credentials] of [
        ['anonymous', undefined],
        ['session', attacker.owner.cookie],
        ['made-up token', bearer('clat_madeup')],
      ] as const) {
        const res = await call(route, url, credentials);
        if (res.statusCode !== 401) wrong.push(`${who} ${route.method} ${url}: ${res.statusCode}`);
      }
      const unscoped = route.scope === 'analytics:read' ? attacker.patientsReadOnly : attacker.analyticsOnly;
      const res = await call(route, url, bearer(unscoped));
      if (res.statusCode !== 403) wrong.push(`no ${route.scope} ${route.method} ${url}: ${res.statusCode}`);
      if (!res.headers['x-ratelimit-limit']) wrong.push(`${route.method} ${url}: no X-RateLimit-Limit`);
    }
    console.info(`route-access: ${routes.length} bearer routes`);
    expect(routes.length).toBeGreaterThanOrEqual(7);
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another clinic's owner on every record id, and changes nothing", async () => {
    const routes = walkableRoutes(t).filter(
      (route) => isClinicScoped(route) && pathParams(route.url).some((name) => !(name in notRecordIds)),
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const before = await clinicSnapshot(t.db, victim.clinicId);
      const url = victimPath(route);
      const res = await call(route, url, attackerCredentials(route));
      const changed = changedTables(before, await clinicSnapshot(t.db, victim.clinicId));
      if (res.statusCode !== 404 || changed.length > 0) {
        wrong.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)} changed: ${changed}`);
      }
    }
    console.info(`route-access: ${routes.length} cross-clinic requests`);
    expect(routes.length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it("answers 4xx to another clinic's owner on every record id in a request body, and changes nothing", async () => {
    const bodyIdFields = (route: DeclaredRoute) => {
      const properties = requestJsonSchema(route.schema?.body)?.properties ?? {};
      return Object.keys(properties).filter((name) => name in victimBodyIds);
    };
    const routes = walkableRoutes(t).filter(
      (route) =>
        isClinicScoped(route) &&
        route.method !== 'GET' &&
        bodyIdFields(route).length > 0 &&
        pathParams(route.url).every((name) => name in notRecordIds || attackerPathValue(route, name)),
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const fields = bodyIdFields(route);
      const body = {
        ...(handWrittenBodies(attacker.clinicId)[`${route.method} ${route.url}`] ??
          (validPartOf(route.schema?.body) as object)),
        ...Object.fromEntries(fields.map((name) => [name, victimBodyIds[name]])),
      };
      const schema = route.schema?.body as { safeParse(value: unknown): { success: boolean } };
      if (!schema.safeParse(body).success) {
        wrong.push(`${route.method} ${route.url}: no valid body with ${fields.join(', ')}`);
        continue;
      }
      const values = Object.fromEntries(
        pathParams(route.url).map((name) => [name, notRecordIds[name] ?? attackerPathValue(route, name)!]),
      );
      const url = fillPath(route.url, values);
      const before = [
        await clinicSnapshot(t.db, victim.clinicId),
        await clinicSnapshot(t.db, attacker.clinicId),
      ];
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: jsonHeaders(attackerCredentials(route)),
        payload: body,
      });
      const changed = [
        ...changedTables(before[0]!, await clinicSnapshot(t.db, victim.clinicId)),
        ...changedTables(before[1]!, await clinicSnapshot(t.db, attacker.clinicId)),
      ];
      if (res.statusCode < 400 || res.statusCode >= 500 || changed.length > 0) {
        wrong.push(
          `${route.method} ${url} ${fields}: ${res.statusCode} ${res.body.slice(0, 120)} changed: ${changed}`,
        );
      }
    }
    console.info(`route-access: ${routes.length} cross-clinic body-id requests`);
    expect(routes.length).toBeGreaterThan(2);
    expect(wrong).toEqual([]);
  });

  /** The attacker's own record for a path parameter, so that only the body names the victim. */
  const attackerPathValue = (route: DeclaredRoute, name: string) => {
    const segments = route.url.split('/');
    return attacker.ids[segments[segments.indexOf(`:${name}`) - 1] ?? ''];
  };

  it('refuses unsigned provider webhooks (401/403) and stores nothing', async () => {
    const routes = walkableRoutes(t).filter((route) => route.access === 'webhook');
    const before = await clinicSnapshot(t.db, victim.clinicId);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, { clinicId: victim.clinicId });
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: jsonHeaders(),
        ...(route.method === 'POST' ? { payload: { entry: [], To: '+1', text: 'STOP' } } : {}),
      });
      if (res.statusCode !== 401 && res.statusCode !== 403)
        wrong.push(`${route.method} ${url}: ${res.statusCode}`);
    }
    expect(routes.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
    expect(changedTables(before, await clinicSnapshot(t.db, victim.clinicId))).toEqual([]);
  });
});
