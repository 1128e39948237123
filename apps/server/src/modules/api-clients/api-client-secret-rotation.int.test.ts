import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients } from '../../db/schema';
import { buildApiClient, requestToken } from '../../testing/build-api-client';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

const hourMs = 3_600_000;
let clock = Date.now();
let t: TestApp;
let clinic: { clinicId: string; owner: SignedInUser };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  clinic = await buildClinic(t, { tier: 'professional' });
});

afterAll(async () => {
  await t?.close();
});

const rotate = (user: SignedInUser, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/settings/api-clients/${id}/rotate-secret`,
    headers: { cookie: user.cookie, origin: jsonHeaders().origin },
  });

describe('API client secret rotation', () => {
  it('shows a new secret once; both get tokens for 24 hours, then the new one alone', async () => {
    clock = Date.now();
    const client = await buildApiClient(t, clinic.owner);
    const res = await rotate(clinic.owner, client.id);
    expect(res.statusCode).toBe(200);
    const rotated = res.json();
    expect(rotated.clientSecret).toMatch(/^cls_/);
    expect(rotated.clientSecret).not.toBe(client.clientSecret);
    expect(rotated.clientId).toBe(client.clientId);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(clock + 24 * hourMs).toISOString());

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/settings/api-clients',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(list.body).not.toContain(rotated.clientSecret);
    expect(
      list.json().items.find((item: { id: string }) => item.id === client.id).previousSecretExpiresAt,
    ).toBe(rotated.previousSecretExpiresAt);

    const old = { clientId: client.clientId, clientSecret: client.clientSecret };
    const fresh = { clientId: client.clientId, clientSecret: rotated.clientSecret };
    expect((await requestToken(t, old)).statusCode).toBe(200);
    expect((await requestToken(t, fresh)).statusCode).toBe(200);

    clock += 24 * hourMs - 1000;
    expect((await requestToken(t, old)).statusCode).toBe(200);
    clock += 2000;
    const refused = await requestToken(t, old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_client');
    expect((await requestToken(t, fresh)).statusCode).toBe(200);
  });

  it('a second rotation within the day drops the oldest secret', async () => {
    clock = Date.now();
    const client = await buildApiClient(t, clinic.owner);
    const second = (await rotate(clinic.owner, client.id)).json();
    const third = (await rotate(clinic.owner, client.id)).json();
    const tokenWith = (clientSecret: string) => requestToken(t, { clientId: client.clientId, clientSecret });
    expect((await tokenWith(client.clientSecret)).statusCode).toBe(401);
    expect((await tokenWith(second.clientSecret)).statusCode).toBe(200);
    expect((await tokenWith(third.clientSecret)).statusCode).toBe(200);
  });

  it("refuses staff, a revoked client and another clinic's client, changing nothing", async () => {
    clock = Date.now();
    const client = await buildApiClient(t, clinic.owner);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await rotate(staff, client.id)).statusCode).toBe(403);
    const other = await buildClinic(t, { tier: 'professional' });
    expect((await rotate(other.owner, client.id)).statusCode).toBe(404);
    const revoked = await buildApiClient(t, clinic.owner);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-clients/${revoked.id}`,
      headers: { cookie: clinic.owner.cookie, origin: jsonHeaders().origin },
    });
    expect((await rotate(clinic.owner, revoked.id)).statusCode).toBe(404);
    for (const id of [client.id, revoked.id]) {
      const [row] = await t.db
        .select({ previous: apiClients.previousSecretHash })
        .from(apiClients)
        .where(and(eq(apiClients.clinicId, clinic.clinicId), eq(apiClients.id, id)));
      expect(row).toEqual({ previous: null });
    }
    expect((await requestToken(t, client)).statusCode).toBe(200);
  });
});
