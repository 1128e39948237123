import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccessTokens, apiCallLog, clinics } from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient, requestToken } from '../../testing/build-api-client';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { digest } from './api-credentials';

describe('API clients in settings and the OAuth 2.0 token endpoint', () => {
  let t: TestApp;
  let clinic: Awaited<ReturnType<typeof buildClinic>>;

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t, { tier: 'professional' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const listClients = async (cookie = clinic.owner.cookie) =>
    t.app.inject({ method: 'GET', url: '/api/settings/api-clients', headers: { cookie } });

  it('shows the secret once, stores only its digest, and lists the client without it', async () => {
    const created = await buildApiClient(t, clinic.owner, { name: 'PMS', scopes: ['patients:read'] });
    expect(created.clientSecret).toMatch(/^cls_/);
    expect(created.scopes).toEqual(['patients:read']);
    const list = await listClients();
    expect(list.statusCode).toBe(200);
    const listed = list.json().items.find((item: { id: string }) => item.id === created.id);
    expect(listed).toMatchObject({
      name: 'PMS',
      clientId: created.clientId,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(list.json())).not.toContain(created.clientSecret);
    const rows = await t.db.query.apiClients.findMany({ where: (c, { eq: is }) => is(c.id, created.id) });
    expect(rows[0]?.secretHash).toBe(digest(created.clientSecret));
  });

  it('lets staff neither list nor create clients', async () => {
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await listClients(staff.cookie)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/api-clients',
      headers: jsonHeaders({ cookie: staff.cookie }),
      payload: { name: 'x', scopes: ['patients:read'] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses clients on Starter with the locked-feature message', async () => {
    const starter = await buildClinic(t, { tier: 'starter' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/api-clients',
      headers: jsonHeaders({ cookie: starter.owner.cookie }),
      payload: { name: 'PMS', scopes: ['patients:read'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'This feature requires Professional or Enterprise plan',
    });
  });

  it('issues a bearer token for HTTP Basic or body credentials, stored hashed with its expiry', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const res = await requestToken(t, client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.scope.split(' ').sort()).toEqual([...client.scopes].sort());
    const [row] = await t.db
      .select()
      .from(apiAccessTokens)
      .where(eq(apiAccessTokens.tokenHash, digest(body.access_token)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);

    const viaBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
        scope: 'reviews:read',
      }).toString(),
    });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json().scope).toBe('reviews:read');
  });

  it('answers the RFC 6749 errors: invalid_client 401, unsupported_grant_type, invalid_scope, invalid_request', async () => {
    const client = await buildApiClient(t, clinic.owner, { scopes: ['patients:read'] });
    const wrong = await requestToken(t, { clientId: client.clientId, clientSecret: 'cls_wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const unknown = await requestToken(t, { clientId: 'clk_nobody', clientSecret: client.clientSecret });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');

    const grant = await requestToken(t, client, { grant_type: 'password' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');

    const scope = await requestToken(t, client, { grant_type: 'client_credentials', scope: 'reviews:read' });
    expect(scope.statusCode).toBe(400);
    expect(scope.json().error).toBe('invalid_scope');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('invalid_request');
  });

  it('refuses a token once it has expired', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const token = await buildAccessToken(t, client);
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    await t.db
      .update(apiAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiAccessTokens.tokenHash, digest(token)));
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHENTICATED');
    expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('refuses a revoked client: its tokens at once, and new tokens', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const token = await buildAccessToken(t, client);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-clients/${client.id}`,
      headers: { origin: jsonHeaders().origin, cookie: clinic.owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const call = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    expect(call.statusCode).toBe(401);
    const again = await requestToken(t, client);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_client');
  });

  it("cannot revoke another clinic's client (404), and that client keeps working", async () => {
    const other = await buildClinic(t, { tier: 'professional' });
    const client = await buildApiClient(t, other.owner);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-clients/${client.id}`,
      headers: { origin: jsonHeaders().origin, cookie: clinic.owner.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await requestToken(t, client)).statusCode).toBe(200);
  });

  it('stops tokens when the clinic leaves the plans with API access', async () => {
    const downgraded = await buildClinic(t, { tier: 'professional' });
    const client = await buildApiClient(t, downgraded.owner);
    const token = await buildAccessToken(t, client);
    await t.db
      .update(clinics)
      .set({ subscriptionTier: 'starter' })
      .where(eq(clinics.id, downgraded.clinicId));
    const call = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    expect(call.statusCode).toBe(403);
    expect(call.json().error.code).toBe('PLAN_REQUIRED');
    const issue = await requestToken(t, client);
    expect(issue.statusCode).toBe(400);
    expect(issue.json().error).toBe('unauthorized_client');
  });

  it('audits every call and shows the latest as last used', async () => {
    const client = await buildApiClient(t, clinic.owner, { scopes: ['patients:read'] });
    const token = await buildAccessToken(t, client);
    await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/api/v1/reviews', headers: bearer(token) });
    await t.deps.apiUsage.flush();
    const calls = await t.db.select().from(apiCallLog).where(eq(apiCallLog.apiClientId, client.id));
    expect(calls.map((c) => `${c.method} ${c.route} ${c.statusCode}`).sort()).toEqual([
      'GET /api/v1/patients 200',
      'GET /api/v1/reviews 403',
      'POST /api/v1/oauth/token 200',
    ]);
    const listed = (await listClients()).json().items.find((item: { id: string }) => item.id === client.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});
