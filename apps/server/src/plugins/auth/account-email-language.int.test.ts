import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, users } from '../../db/schema';
import { buildClinic, jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { findLink, readMails } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Account e-mails in the user's language (the sign-up page's, then the account
// page's setting, else the clinic's); invitations in the inviting clinic's language.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const lastMailTo = async (email: string) => {
  await t.deps.mailer.idle();
  const mail = readMails(t.outboxDir, email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};

const signUp = (email: string, language?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders(),
    payload: {
      email,
      password: 'correct-horse',
      name: 'Ana Ruiz',
      firstName: 'Ana',
      lastName: 'Ruiz',
      practiceName: 'Clínica Dental Sol',
      ...(language === undefined ? {} : { language }),
    },
  });

const askReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: jsonHeaders(),
    payload: { email, redirectTo: '/reset-password' },
  });

/** The layout every account mail shares: the logo, one button for its action, the footer in its language. */
const footerOf = { en: 'Sent by CareLoop', es: 'Enviado por CareLoop', tr: 'CareLoop tarafından gönderildi' };
const expectBranded = (
  html: string,
  language: keyof typeof footerOf,
  button?: { label: string; linkPath: string },
) => {
  expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
  expect(html).toMatch(/<img src="http:\/\/[^"]+\/email-logo\.png"/);
  expect(html).toContain(footerOf[language]);
  if (button) {
    const anchor = html.match(/<a href="([^"]+)" style="display:inline-block[^"]*">([^<]+)<\/a>/);
    expect(anchor?.[2]).toBe(button.label);
    expect(anchor?.[1]).toContain(button.linkPath);
  } else {
    expect(html).not.toContain('display:inline-block');
  }
};

const languageOf = async (email: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

describe('the confirmation e-mail is in the language of the sign-up page', () => {
  it.each([
    [
      'es',
      'Confirme su cuenta de CareLoop',
      'Hola, Ana:',
      'Confirme su dirección de correo',
      'Confirmar mi correo',
    ],
    [
      'tr',
      'CareLoop hesabınızı onaylayın',
      'Merhaba Ana,',
      'e-posta adresinizi onaylayın',
      'E-postamı onayla',
    ],
  ] as const)('%s', async (language, subject, greeting, body, button) => {
    const email = uniqueEmail(`signup-${language}`);
    expect((await signUp(email, language)).statusCode).toBe(200);
    expect(await languageOf(email)).toBe(language);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(greeting);
    expect(mail.text).toContain(body);
    expect(findLink(mail.text, '/email-confirmation?').searchParams.get('token')).toBeTruthy();
    expectBranded(mail.html, language, { label: button, linkPath: '/email-confirmation?token=' });

    // Sent again later: the stored language, read back.
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: jsonHeaders(),
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    expect((await lastMailTo(email)).subject).toBe(subject);
  });

  it('stays English without a page language, and refuses a language the mails are not written in', async () => {
    const plain = uniqueEmail('signup-en');
    expect((await signUp(plain)).statusCode).toBe(200);
    const englishMail = await lastMailTo(plain);
    expect(englishMail.subject).toBe('Confirm your CareLoop account');
    expectBranded(englishMail.html, 'en', {
      label: 'Confirm my e-mail',
      linkPath: '/email-confirmation?token=',
    });

    const french = uniqueEmail('signup-fr');
    const refused = await signUp(french, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_LANGUAGE' });
    expect(await languageOf(french)).toBeUndefined();
  });
});

describe('the password reset e-mail is in the user language', () => {
  it.each([
    [
      'es',
      'Restablezca su contraseña de CareLoop',
      'Elija una contraseña nueva (el enlace caduca en una hora)',
      'Elija una contraseña nueva',
    ],
    [
      'tr',
      'CareLoop parolanızı sıfırlayın',
      'Yeni bir parola seçin (bağlantının süresi bir saat içinde dolar)',
      'Yeni bir parola seçin',
    ],
  ] as const)('%s, set at sign-up', async (language, subject, body, button) => {
    const email = uniqueEmail(`reset-${language}`);
    await signUp(email, language);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    expect((await askReset(email)).statusCode).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(body);
    expect(findLink(mail.text, '/reset-password?token=')).toBeTruthy();
    expectBranded(mail.html, language, { label: button, linkPath: `/${language}/reset-password?token=` });
  });

  it("follows the account page's setting, and the clinic's language when the user chose none", async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ defaultLanguage: 'tr' }).where(eq(clinics.id, clinicId));
    await askReset(owner.email);
    expect((await lastMailTo(owner.email)).subject).toBe('CareLoop parolanızı sıfırlayın');

    const before = await t.app.inject({
      method: 'GET',
      url: '/api/account/preferences',
      headers: { cookie: owner.cookie },
    });
    expect(before.json()).toMatchObject({ language: 'tr' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { language: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'es' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    await askReset(owner.email);
    expect((await lastMailTo(owner.email)).subject).toBe('Restablezca su contraseña de CareLoop');
  });
});

describe('an invitation is in the inviting clinic language', () => {
  const invite = (cookie: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: jsonHeaders({ cookie }),
      payload: { email, role: 'staff' },
    });

  it.each([
    [
      'es',
      'Le han invitado a unirse a Clínica Sol en CareLoop',
      'le ha invitado a unirse a Clínica Sol',
      'Crear mi cuenta (el enlace caduca en 7 días)',
      'Crear mi cuenta',
    ],
    [
      'tr',
      "CareLoop'ta Clínica Sol kliniğine katılmaya davet edildiniz",
      "sizi CareLoop'ta Clínica Sol kliniğine katılmaya davet etti",
      'Hesabımı oluştur (bağlantının süresi 7 gün içinde dolar)',
      'Hesabımı oluştur',
    ],
  ] as const)('%s', async (language, subject, invited, create, button) => {
    const { clinicId, owner } = await buildClinic(t, { practiceName: 'Clínica Sol' });
    await t.db.update(clinics).set({ defaultLanguage: language }).where(eq(clinics.id, clinicId));
    // The inviter's own e-mail language is not the invitation's: the clinic's is.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, owner.userId));
    const email = uniqueEmail(`invitee-${language}`);
    expect((await invite(owner.cookie, email)).statusCode).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(invited);
    expect(mail.text).toContain(create);
    expect(findLink(mail.text, '/signup?invitation=').searchParams.get('invitation')).toBeTruthy();
    expect(mail.html).toContain('<strong>Clínica Sol</strong>');
    expectBranded(mail.html, language, { label: button, linkPath: `/${language}/signup?invitation=` });
  });

  it('tells an address with an account why it cannot join, in the clinic language', async () => {
    const { clinicId, owner } = await buildClinic(t, { practiceName: 'Klinik <Ay>' });
    await t.db.update(clinics).set({ defaultLanguage: 'tr' }).where(eq(clinics.id, clinicId));
    const elsewhere = await buildClinic(t);
    expect((await invite(owner.cookie, elsewhere.owner.email)).statusCode).toBe(201);
    const mail = await lastMailTo(elsewhere.owner.email);
    expect(mail.subject).toBe("CareLoop'ta Klinik <Ay> kliniğine katılmaya davet edildiniz");
    expect(mail.text).toContain('her hesap tek bir kliniğe aittir');
    expect(mail.html).toContain('Klinik &lt;Ay&gt;');
    expect(mail.html).not.toContain('<Ay>');
    expectBranded(mail.html, 'tr');
  });
});
