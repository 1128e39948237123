import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicInvitations, clinicUsers, securityAuditLog, users } from '../../db/schema';
import {
  buildClinic,
  buildMember,
  clientIp,
  jsonHeaders,
  signIn,
  uniqueEmail,
} from '../../testing/build-user';
import { findLink, readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// Like the web client: a request without a body carries no content-type.
function call(cookie: string, method: Method, url: string, payload?: object) {
  const { 'content-type': _json, ...bare } = jsonHeaders({ cookie });
  return t.app.inject({
    method,
    url,
    ...(payload ? { headers: jsonHeaders({ cookie }), payload } : { headers: bare }),
  });
}

async function invite(cookie: string, email: string, role = 'staff') {
  const res = await call(cookie, 'POST', '/api/team/invitations', { email, role });
  return res;
}

function invitationToken(email: string) {
  const [mail] = readOutbox(t.outboxDir, email).slice(-1);
  if (!mail) throw new Error('no invitation mail');
  return findLink(mail, '/signup?invitation=').searchParams.get('invitation') ?? '';
}

const signUpInvited = (token: string, email: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders(),
    payload: {
      email,
      password: 'colleague-pass',
      name: 'Carla Colleague',
      firstName: 'Carla',
      invitationToken: token,
      ...extra,
    },
  });

describe('team invitations', () => {
  it('invites by e-mail, and the colleague signs up into the clinic with the invited role', async () => {
    const { clinicId, owner } = await buildClinic(t, { practiceName: 'Clínica Sol' });
    const email = uniqueEmail('colleague');
    const res = await invite(owner.cookie, email, 'admin');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'admin', status: 'pending' });

    const token = invitationToken(email);
    const [stored] = await t.db
      .select()
      .from(clinicInvitations)
      .where(eq(clinicInvitations.clinicId, clinicId));
    expect(stored!.tokenHash).not.toContain(token);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/invitations/${token}`,
      headers: { 'x-forwarded-for': clientIp() },
    });
    expect(preview.json()).toEqual({ clinicName: 'Clínica Sol', email, role: 'admin' });

    expect((await signUpInvited(token, email)).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [link] = await t.db.select().from(clinicUsers).where(eq(clinicUsers.userId, user!.id));
    expect(link).toMatchObject({ clinicId, role: 'admin' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user!.id));
    const cookie = await signIn(t, email, 'colleague-pass');
    expect((await call(cookie, 'GET', '/api/me')).json().clinic.id).toBe(clinicId);

    // Spent: the link opens nothing any more.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/invitations/${token}`,
          headers: { 'x-forwarded-for': clientIp() },
        })
      ).statusCode,
    ).toBe(404);
    const team = (await call(owner.cookie, 'GET', '/api/team')).json();
    expect(team.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(team.invitations).toEqual([]);
  });

  it('refuses a sign-up with another e-mail or a forged token, and creates no user', async () => {
    const { owner } = await buildClinic(t);
    const email = uniqueEmail('colleague');
    await invite(owner.cookie, email);
    const token = invitationToken(email);
    const other = uniqueEmail('other');
    for (const [tok, address] of [
      [token, other],
      ['forged-token-value-0000', email],
    ] as const) {
      const res = await signUpInvited(tok, address);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This invitation is invalid or has expired');
      expect(await t.db.select().from(users).where(eq(users.email, address))).toEqual([]);
    }
  });

  it('refuses a second invitation to the same address, and a member of the clinic', async () => {
    const { owner } = await buildClinic(t);
    const email = uniqueEmail('twice');
    expect((await invite(owner.cookie, email)).statusCode).toBe(201);
    expect((await invite(owner.cookie, email)).statusCode).toBe(409);
    const own = await invite(owner.cookie, owner.email);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('This person is already a member of your clinic');
    expect((await invite(owner.cookie, 'not-an-email')).statusCode).toBe(400);
  });

  // Answering "already has a CareLoop account" would tell any admin who uses CareLoop.
  it('answers an address with an account in another clinic as any other, and tells only its owner', async () => {
    const { owner } = await buildClinic(t);
    const elsewhere = await buildClinic(t);
    const fresh = uniqueEmail('fresh');
    const toFresh = await invite(owner.cookie, fresh);
    const toAccountHolder = await invite(owner.cookie, elsewhere.owner.email);
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      id: 'id',
      email: 'email',
      createdAt: 'at',
      expiresAt: 'at',
    });
    expect([toFresh.statusCode, toAccountHolder.statusCode]).toEqual([201, 201]);
    expect(shape(toAccountHolder.json())).toEqual(shape(toFresh.json()));
    const team = (await call(owner.cookie, 'GET', '/api/team')).json();
    expect(team.invitations.map((i: { email: string }) => i.email).sort()).toEqual(
      [fresh, elsewhere.owner.email].sort(),
    );
    const [mail] = readOutbox(t.outboxDir, elsewhere.owner.email).slice(-1);
    expect(mail).toContain('already has a CareLoop account');
    expect(mail).not.toContain('/signup?invitation=');
    const rows = await t.db.select().from(clinicUsers).where(eq(clinicUsers.userId, elsewhere.owner.userId));
    expect(rows.map((r) => r.clinicId)).toEqual([elsewhere.clinicId]);
  });

  it('revokes an invitation, after which its link fails', async () => {
    const { owner } = await buildClinic(t);
    const email = uniqueEmail('revoked');
    const { id } = (await invite(owner.cookie, email)).json();
    const token = invitationToken(email);
    expect((await call(owner.cookie, 'DELETE', `/api/team/invitations/${id}`)).statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/invitations/${token}`,
          headers: { 'x-forwarded-for': clientIp() },
        })
      ).statusCode,
    ).toBe(404);
    expect((await signUpInvited(token, email)).statusCode).toBe(400);
  });
});

describe('team roles', () => {
  it('keeps the last owner: no demotion, no removal', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const demote = await call(owner.cookie, 'PATCH', `/api/team/members/${owner.userId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('The last owner cannot be removed or demoted');
    expect((await call(owner.cookie, 'DELETE', `/api/team/members/${owner.userId}`)).statusCode).toBe(409);
    const [link] = await t.db
      .select()
      .from(clinicUsers)
      .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.userId, owner.userId)));
    expect(link!.role).toBe('owner');
  });

  it('changes roles and removes members, audited; a removed member has no clinic', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const changed = await call(owner.cookie, 'PATCH', `/api/team/members/${staff.userId}`, { role: 'admin' });
    expect(changed.json()).toMatchObject({ userId: staff.userId, role: 'admin' });
    expect((await call(owner.cookie, 'DELETE', `/api/team/members/${staff.userId}`)).statusCode).toBe(204);
    const me = await call(staff.cookie, 'GET', '/api/me');
    expect(me.statusCode).toBe(403);
    expect(me.json().error.message).toBe('No clinic found');
    const audit = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.clinicId, clinicId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['member_role_changed', 'member_removed']),
    );
  });

  it('lets an admin manage staff but not owners; staff manage nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    const staff = await buildMember(t, clinicId, 'staff');
    expect(
      (await call(admin.cookie, 'PATCH', `/api/team/members/${staff.userId}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await call(admin.cookie, 'PATCH', `/api/team/members/${owner.userId}`, { role: 'staff' })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin.cookie, 'PATCH', `/api/team/members/${staff.userId}`, { role: 'owner' })).statusCode,
    ).toBe(403);
    const other = await buildMember(t, clinicId, 'staff');
    expect((await call(other.cookie, 'GET', '/api/team')).statusCode).toBe(403);
    expect((await invite(other.cookie, uniqueEmail())).statusCode).toBe(403);
  });

  it('refuses an admin inviting an owner (as for promoting one): 403, nothing stored, no mail', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    const email = uniqueEmail('would-be-owner');
    const res = await invite(admin.cookie, email, 'owner');
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(clinicInvitations).where(eq(clinicInvitations.email, email))).toEqual([]);
    expect(readOutbox(t.outboxDir, email)).toEqual([]);
    expect((await invite(admin.cookie, uniqueEmail(), 'admin')).statusCode).toBe(201);
    expect((await invite(owner.cookie, uniqueEmail(), 'owner')).statusCode).toBe(201);
  });

  it("answers 404 for another clinic's member or invitation and changes nothing", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const bStaff = await buildMember(t, b.clinicId, 'staff');
    const { id } = (await invite(b.owner.cookie, uniqueEmail())).json();
    expect(
      (await call(a.owner.cookie, 'PATCH', `/api/team/members/${bStaff.userId}`, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    expect((await call(a.owner.cookie, 'DELETE', `/api/team/members/${bStaff.userId}`)).statusCode).toBe(404);
    expect((await call(a.owner.cookie, 'DELETE', `/api/team/invitations/${id}`)).statusCode).toBe(404);
    expect((await call(b.owner.cookie, 'GET', '/api/team')).json().invitations).toHaveLength(1);
    const team = (await call(a.owner.cookie, 'GET', '/api/team')).json();
    expect(team.members).toHaveLength(1);
  });
});
