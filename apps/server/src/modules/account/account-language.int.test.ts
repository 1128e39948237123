import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, users } from '../../db/schema';
import { buildClinic, jsonHeaders, signIn, uniqueEmail } from '../../testing/build-user';
import { findLink, readMails } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The language lives on the account: set at sign-up from the page's language, given back by /api/me
// (so a reload or another browser shows the app in it), changed by the user, and carried by every
// link the account's mails hold, so the page they open is in it too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const password = 'correct-horse-battery';

const signUp = (email: string, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders(),
    payload: {
      email,
      password,
      name: 'Lucía Gómez',
      firstName: 'Lucía',
      practiceName: 'Clínica Dental Retiro',
      ...(language === undefined ? {} : { language }),
    },
  });

const lastMailTo = async (email: string) => {
  await t.deps.mailer.idle();
  const mail = readMails(t.outboxDir, email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};

/** Signs up from a page in `language`, confirms the address by the mailed link, signs in. */
async function signedUpFrom(language?: string) {
  const email = uniqueEmail(`lang-${language ?? 'none'}`);
  expect((await signUp(email, language)).statusCode).toBe(200);
  const link = findLink((await lastMailTo(email)).text, '/email-confirmation?');
  const token = link.searchParams.get('token') ?? '';
  const verified = await t.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: jsonHeaders(),
  });
  expect(verified.statusCode).toBeLessThan(400);
  return { email, link, cookie: await signIn(t, email, password) };
}

const me = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { user: { language: string }; clinic: { id: string } };
};

const clinicLanguage = async (clinicId: string) =>
  (await t.db.select({ language: clinics.defaultLanguage }).from(clinics).where(eq(clinics.id, clinicId)))[0]
    ?.language;

describe('the language on the account', () => {
  it.each([
    ['es', 'es', 'es'],
    ['tr', 'tr', 'tr'],
    ['en', 'en', 'en'],
    [undefined, 'en', 'en'],
  ])(
    'sign-up from a page in %s: the account and its new clinic speak %s, the link says %s',
    async (page, account, lang) => {
      const { link, cookie } = await signedUpFrom(page);
      expect(link.pathname).toBe('/email-confirmation');
      expect(link.searchParams.get('lang')).toBe(lang);
      const answer = await me(cookie);
      expect(answer.user.language).toBe(account);
      expect(await clinicLanguage(answer.clinic.id)).toBe(account);
    },
  );

  it('follows the change the user makes, and refuses a language the app is not written in', async () => {
    const { cookie } = await signedUpFrom('es');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie }),
      payload: { language: 'tr' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(cookie)).user.language).toBe('tr');

    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie }),
      payload: { language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await me(cookie)).user.language).toBe('tr');
  });

  it("without a choice of its own the account follows the clinic's language", async () => {
    const { clinicId, owner } = await buildClinic(t);
    expect((await me(owner.cookie)).user.language).toBe('en');
    await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinicId));
    await t.db.update(users).set({ language: null }).where(eq(users.id, owner.userId));
    // A fresh sign-in: the identity of an earlier request may be kept for a moment.
    expect((await me(await signIn(t, owner.email, owner.password))).user.language).toBe('es');
  });
});

describe('links sent by mail open the page in the language of the mail', () => {
  it('password reset: the language URL of the reset page', async () => {
    const { email } = await signedUpFrom('es');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const link = findLink((await lastMailTo(email)).text, '/reset-password?token=');
    expect(link.pathname).toBe('/es/reset-password');
  });

  it('password reset in English: the bare path', async () => {
    const { email } = await signedUpFrom('en');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(findLink((await lastMailTo(email)).text, '/reset-password?token=').pathname).toBe(
      '/reset-password',
    );
  });

  it.each([
    ['es', '/es/signup'],
    ['tr', '/tr/signup'],
    ['en', '/signup'],
  ] as const)('invitation from a clinic in %s: %s', async (language, pathname) => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ defaultLanguage: language }).where(eq(clinics.id, clinicId));
    const invitee = uniqueEmail(`invitee-${language}`);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { email: invitee, role: 'staff' },
    });
    expect(invited.statusCode).toBe(201);
    const link = findLink((await lastMailTo(invitee)).text, '/signup?invitation=');
    expect(link.pathname).toBe(pathname);
    expect(link.searchParams.get('invitation')).toBeTruthy();
  });
});
