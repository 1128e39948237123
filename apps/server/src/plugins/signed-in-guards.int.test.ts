import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import {
  buildClinic,
  buildMember,
  clientIp,
  jsonHeaders,
  type SignedInUser,
  uniqueEmail,
} from '../testing/build-user';
import { clinicSnapshot, walkableRoutes } from '../testing/route-table';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app';
import { isSignedInAccess } from './route-access';

// Signed-in routes check Origin (cross-site requests), mark answers with patient data no-store (no
// cache keeps them), brake a runaway session's requests, and names refuse U+202E (text spoofing).
describe('the guards of signed-in routes', () => {
  let t: TestApp;
  let clinic: { clinicId: string; owner: SignedInUser };

  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNED_IN_REQUESTS_PER_MINUTE: '40' } });
    clinic = await buildClinic(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  const addPatient = (headers: Record<string, string>, name = 'Ana Ruiz') =>
    t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...headers },
      payload: { name },
    });

  describe('a write with the session cookie comes from our own origin', () => {
    it.each([
      ['another site', { origin: 'https://evil.example' }],
      ['a sibling port', { origin: 'http://localhost:3001' }],
      ['an opaque origin', { origin: 'null' }],
      ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }],
    ])('%s: 403 Invalid origin, nothing stored', async (_label, headers) => {
      const before = await clinicSnapshot(t.db, clinic.clinicId);
      const res = await addPatient({ cookie: clinic.owner.cookie, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Invalid origin' } });
      expect(await clinicSnapshot(t.db, clinic.clinicId)).toEqual(before);
    });

    it.each([
      ['our Origin', { origin: testOrigin }],
      ['our Referer', { referer: `${testOrigin}/patients` }],
      ['no Origin nor Referer (not a browser)', {}],
    ])('%s: accepted', async (_label, headers) => {
      const res = await addPatient({ cookie: clinic.owner.cookie, ...headers });
      expect(res.statusCode).toBe(201);
    });

    it('reads are not checked: a cross-origin GET cannot read the answer anyway', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/patients?limit=1',
        headers: {
          cookie: clinic.owner.cookie,
          origin: 'https://evil.example',
          'x-forwarded-for': clientIp(),
        },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('every signed-in route answers with Cache-Control: no-store, even its 401', async () => {
    const signedIn = walkableRoutes(t).filter((route) => isSignedInAccess(route.access));
    expect(signedIn.length).toBeGreaterThan(50);
    for (const route of signedIn) {
      const url = route.url.replace(/:([A-Za-z]+)|\*/g, 'x');
      const res = await t.app.inject({ method: route.method as 'GET', url, headers: jsonHeaders() });
      expect([route.method, route.url, res.statusCode, res.headers['cache-control']]).toEqual([
        route.method,
        route.url,
        401,
        'no-store',
      ]);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/patients?limit=1',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('one user past the per-minute budget gets 429 with Retry-After; a colleague does not', async () => {
    const busy = await buildMember(t, clinic.clinicId, 'staff');
    const colleague = await buildMember(t, clinic.clinicId, 'staff');
    const get = (user: SignedInUser) =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: jsonHeaders({ cookie: user.cookie }) });
    for (let i = 0; i < 40; i += 1) expect((await get(busy)).statusCode).toBe(200);
    const refused = await get(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await get(colleague)).statusCode).toBe(200);
  });
});

describe('names cannot carry direction controls (U+202A-U+202E, U+2066-U+2069)', () => {
  let t: TestApp;
  let clinic: { clinicId: string; owner: SignedInUser };
  const disguised = 'Ana \u202ezeuR';

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['POST', '/api/patients', { name: disguised }, 'name'],
    [
      'PUT',
      '/api/settings/profile',
      {
        name: 'Clínica \u2067Sol\u2069',
        email: 'a@b.co',
        phone: '',
        category: 'dental',
        brandTone: 'professional',
      },
      'name',
    ],
    [
      'PUT',
      '/api/templates',
      { templates: [{ name: 'Follow-up \u202eputs', body: 'Hello {{name}}' }] },
      'templates.0.name',
    ],
  ])('%s %s: 400 naming the field, nothing stored', async (method, url, body, field) => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await clinicSnapshot(t.db, clinic.clinicId)).toEqual(before);
  });

  it("a signed-in user's own name change refuses them too", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: jsonHeaders({ cookie: clinic.owner.cookie, origin: testOrigin }),
      payload: { name: disguised },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NAME', field: 'name' });
    const [row] = await t.db.select().from(users).where(eq(users.id, clinic.owner.userId));
    expect(row?.name).not.toContain('\u202e');
  });

  it('an Arabic name with a right-to-left mark is still a name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { name: 'محمد\u200f علي' },
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['firstName', { firstName: 'Ana\u202e' }],
    ['practiceName', { practiceName: 'Sol \u202dClinic' }],
  ])('sign-up with %s disguised: 400, no account', async (_field, override) => {
    const email = uniqueEmail('bidi');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: {
        email,
        password: 'tidal-harbor-42',
        name: 'Ana Ruiz',
        firstName: 'Ana',
        practiceName: 'Clínica Sol',
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NAME' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});
