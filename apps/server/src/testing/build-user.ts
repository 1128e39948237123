import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type ClinicRole, clinics, clinicUsers, users } from '../db/schema';
import { newId } from '../lib/ids';
import { signUpOwner } from '../plugins/auth/create-auth';
import { type TestApp, testOrigin } from './test-app';

export type SignedInUser = { userId: string; email: string; password: string; cookie: string };

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@test.careloop.local`;

/**
 * A distinct client address per caller, so rate-limit buckets do not leak between tests. The client
 * (leftmost) address is IPv6 in the documentation prefix 2001:db8::/32 with 48 random bits after it,
 * all inside the /64 that better-auth counts an IPv6 client by. It was 16 random bits of
 * 198.18.0.0/16: with a few hundred sign-ins a minute on one database, a test's "router" address met
 * another sign-in's inside the limiter's minute about once in a few hundred runs, and its 30th
 * sign-in was refused early (sign-in-lockout.int.test.ts, credential stuffing).
 */
export const clientIp = () => {
  const [a, b, c, d, e, f, g, h, i] = randomBytes(9);
  const group = (x = 0, y = 0) => ((x << 8) | y).toString(16);
  return `2001:db8:${group(a, b)}:${group(c, d)}:${group(e, f)}::1, 10.${g}.${h}.${i}`;
};

export const jsonHeaders = (extra: Record<string, string> = {}) => ({
  origin: testOrigin,
  'content-type': 'application/json',
  'x-forwarded-for': clientIp(),
  ...extra,
});

/** Signs in through HTTP, as the browser does, and returns the session cookie. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(),
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

/** A verified user who belongs to no clinic yet (creates the account directly, not through sign-up). */
export async function buildUser(
  t: TestApp,
  overrides: { email?: string; password?: string; firstName?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const ctx = await t.deps.auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: overrides.firstName ?? 'Test User',
      emailVerified: true,
      firstName: overrides.firstName ?? 'Test',
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  return { userId: user.id, email, password };
}

/** A clinic with a signed-in owner, made through sign-up (so the sign-up transaction is exercised). */
export async function buildClinic(
  t: TestApp,
  options: { practiceName?: string; tier?: 'starter' | 'professional' | 'enterprise' | 'premium' } = {},
) {
  const email = uniqueEmail('owner');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const { user } = await signUpOwner(t.deps.auth, {
    email,
    password,
    firstName: 'Olivia',
    lastName: 'Owner',
    practiceName: options.practiceName ?? `Clinic ${randomBytes(3).toString('hex')}`,
  });
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const [link] = await t.db.select().from(clinicUsers).where(eq(clinicUsers.userId, user.id));
  if (!link) throw new Error('sign-up did not create the clinic');
  if (options.tier)
    await t.db.update(clinics).set({ subscriptionTier: options.tier }).where(eq(clinics.id, link.clinicId));
  const cookie = await signIn(t, email, password);
  return {
    clinicId: link.clinicId,
    owner: { userId: user.id, email, password, cookie } satisfies SignedInUser,
  };
}

/** Another signed-in member of an existing clinic, with the given role. */
export async function buildMember(
  t: TestApp,
  clinicId: string,
  role: ClinicRole,
  options: { email?: string } = {},
): Promise<SignedInUser> {
  const user = await buildUser(t, options);
  await t.db.insert(clinicUsers).values({ id: newId('cli'), clinicId, userId: user.userId, role });
  return { ...user, cookie: await signIn(t, user.email, user.password) };
}
