import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, clinicUsers, securityAuditLog, users } from '../../db/schema';
import { buildClinic, buildUser, jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { findLink, readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUpBody = (email: string) => ({
  email,
  password: 'correct-horse',
  name: 'Ana Ruiz',
  firstName: 'Ana',
  lastName: 'Ruiz',
  practiceName: 'Clínica Dental Sol',
});

describe('sign-up', () => {
  it('creates the user, the clinic and the owner link, and mails a confirmation link; no session before confirming', async () => {
    const email = uniqueEmail('signup');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeNull();

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Ruiz', emailVerified: false });
    const [link] = await t.db.select().from(clinicUsers).where(eq(clinicUsers.userId, user!.id));
    expect(link?.role).toBe('owner');
    const [clinic] = await t.db.select().from(clinics).where(eq(clinics.id, link!.clinicId));
    expect(clinic).toMatchObject({ name: 'Clínica Dental Sol', subscriptionTier: 'starter' });

    const mails = readOutbox(t.outboxDir, email);
    expect(mails).toHaveLength(1);
    const confirm = findLink(mails[0]!, '/email-confirmation?');
    expect(confirm.searchParams.get('type')).toBe('signup');
    expect(confirm.searchParams.get('token')).toBeTruthy();
  });

  it('confirming the link signs the user in; /api/me then answers the user, clinic and role', async () => {
    const email = uniqueEmail('confirm');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    const token = findLink(readOutbox(t.outboxDir, email)[0]!, '/email-confirmation?').searchParams.get(
      'token',
    )!;

    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      headers: jsonHeaders(),
    });
    expect(verify.statusCode).toBe(200);
    const cookie = verify.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = verify.cookies.find((c) => c.name.includes('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email, firstName: 'Ana' },
      clinic: { name: 'Clínica Dental Sol' },
      role: 'owner',
    });
  });

  it('an invalid confirmation token is refused and signs nobody in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-token',
      headers: jsonHeaders(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
  });

  it.each([
    ['no practice name', { practiceName: '' }],
    ['no first name', { firstName: '' }],
    ['a 5-character password', { password: '12345' }],
  ])('with %s: 400 and nothing stored', async (_label, override) => {
    const email = uniqueEmail('bad');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: { ...signUpBody(email), ...override },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('an existing e-mail does not create a second account or clinic', async () => {
    const email = uniqueEmail('dup');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    const before = await t.db.select().from(clinics);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await t.db.select().from(clinics)).length).toBe(before.length);
  });

  // better-auth answers a taken address as a silent success; spec 1 asks for its message.
  it('sign-up with a taken e-mail (any case) answers USER_ALREADY_EXISTS and sends nothing', async () => {
    const email = uniqueEmail('taken');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    expect(first.statusCode).toBe(200);
    const mailsBefore = readOutbox(t.outboxDir, email).length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email.toUpperCase()),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS' });
    expect(readOutbox(t.outboxDir, email)).toHaveLength(mailsBefore);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses a cookie-carrying POST from an untrusted Origin (CSRF) and leaves the session alone', async () => {
    const { owner } = await buildClinic(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...jsonHeaders({ cookie: owner.cookie }), origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(200);
  });
});

describe('sign-in error mapping and audit', () => {
  const signIn = (email: string, password: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(ip ? { 'x-forwarded-for': ip } : {}),
      payload: { email, password },
    });

  it('a wrong password answers 401 INVALID_EMAIL_OR_PASSWORD and writes a medium-risk audit row with the e-mail', async () => {
    const user = await buildUser(t);
    const res = await signIn(user.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const rows = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, 'failed_login'), eq(securityAuditLog.resourceId, user.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ riskLevel: 'medium', resourceType: 'authentication', userId: null });
  });

  it('an unconfirmed e-mail answers 403 EMAIL_NOT_VERIFIED', async () => {
    const email = uniqueEmail('unverified');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: signUpBody(email),
    });
    const res = await signIn(email, 'correct-horse');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('a success writes a low-risk audit row with the user id and the clinic', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const rows = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, 'successful_login'), eq(securityAuditLog.userId, owner.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ riskLevel: 'low', resourceId: owner.userId, clinicId });
  });
});

describe('sessions', () => {
  it('sign-out ends the session', async () => {
    const { owner } = await buildClinic(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('password reset mails a link to /reset-password, and the new password works', async () => {
    const user = await buildUser(t);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    await t.deps.mailer.idle();
    const link = findLink(readOutbox(t.outboxDir, user.email).at(-1)!, '/reset-password?');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: jsonHeaders(),
      payload: { newPassword: 'a-new-password', token: link.searchParams.get('token') },
    });
    expect(reset.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: user.email, password: 'a-new-password' },
    });
    expect(res.statusCode).toBe(200);
  });
});
