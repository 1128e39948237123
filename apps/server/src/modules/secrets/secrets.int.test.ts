import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets, securityAuditLog } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readSecret } from './secrets.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const secretValue = 'EAA-super-secret-token-value-1234567890';

const save = (cookie: string, name: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie }),
    payload: { name, value },
  });

describe('secrets vault', () => {
  it('encrypts the value at rest, never returns it, never logs it, and audits the save', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const name = `WHATSAPP_ACCESS_TOKEN_${clinicId}`;
    const res = await save(owner.cookie, name, secretValue);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(secretValue);
    expect(res.json()).toEqual({ name, updatedAt: expect.any(String) });

    const [row] = await t.db
      .select()
      .from(secrets)
      .where(and(eq(secrets.clinicId, clinicId), eq(secrets.name, name)));
    expect(row!.ciphertext).not.toContain(secretValue);
    expect(Buffer.from(row!.ciphertext, 'base64').toString('utf8')).not.toContain(secretValue);
    expect(await readSecret(t.deps, clinicId, name)).toBe(secretValue);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/secrets',
      headers: { cookie: owner.cookie },
    });
    expect(list.json().secrets.map((s: { name: string }) => s.name)).toEqual([name]);
    expect(list.body).not.toContain(secretValue);
    expect(t.logLines.join('\n')).not.toContain(secretValue);

    const audit = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.clinicId, clinicId), eq(securityAuditLog.action, 'secret_saved')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(secretValue);
  });

  it('saving again replaces the value', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await save(owner.cookie, 'TWILIO_AUTH_TOKEN_x', 'first-value');
    await save(owner.cookie, 'TWILIO_AUTH_TOKEN_x', 'second-value');
    expect(await readSecret(t.deps, clinicId, 'TWILIO_AUTH_TOKEN_x')).toBe('second-value');
  });

  it('names are scoped to the clinic: the same name in two clinics holds two values, and neither lists the other', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await save(a.owner.cookie, 'TRUSTPILOT_API_KEY', 'value-of-a');
    await save(b.owner.cookie, 'TRUSTPILOT_API_KEY', 'value-of-b');
    expect(await readSecret(t.deps, a.clinicId, 'TRUSTPILOT_API_KEY')).toBe('value-of-a');
    expect(await readSecret(t.deps, b.clinicId, 'TRUSTPILOT_API_KEY')).toBe('value-of-b');
    await save(a.owner.cookie, 'ONLY_IN_A', 'x');
    const listB = await t.app.inject({
      method: 'GET',
      url: '/api/secrets',
      headers: { cookie: b.owner.cookie },
    });
    expect(listB.json().secrets.map((s: { name: string }) => s.name)).toEqual(['TRUSTPILOT_API_KEY']);
  });

  it('a ciphertext copied to another clinic cannot be opened', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await save(a.owner.cookie, 'MOVED', 'secret-of-a');
    const [row] = await t.db
      .select()
      .from(secrets)
      .where(and(eq(secrets.clinicId, a.clinicId), eq(secrets.name, 'MOVED')));
    await t.db.insert(secrets).values({ ...row!, clinicId: b.clinicId });
    await expect(readSecret(t.deps, b.clinicId, 'MOVED')).rejects.toThrow();
  });

  it('staff may not save or list secrets (403); signed-out callers get 401 Not authenticated', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await save(staff.cookie, 'X', 'y')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/secrets', headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(403);
    const admin = await buildMember(t, clinicId, 'admin');
    expect((await save(admin.cookie, 'X', 'y')).statusCode).toBe(201);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders(),
      payload: { name: 'X', value: 'y' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Not authenticated' } });
    expect(await t.db.select().from(secrets).where(eq(secrets.clinicId, clinicId))).toHaveLength(1);
  });

  it.each([
    ['an empty value', { name: 'OK_NAME', value: '' }, 'value'],
    ['a name with spaces', { name: 'bad name', value: 'v' }, 'name'],
    ['no name', { value: 'v' }, 'name'],
  ])('%s answers 400 with field details and stores nothing', async (_label, payload, field) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await t.db.select().from(secrets).where(eq(secrets.clinicId, clinicId))).toHaveLength(0);
  });
});
