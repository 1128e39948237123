import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubscriptions } from '../../db/schema';
import { jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { IncidentRow } from './status-incidents.repository';
import { notifyStatusSubscribers } from './subscriptions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUp = (kind: 'newsletter' | 'status_subscribe', email: string, locale?: 'en' | 'es' | 'tr') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public-forms/${kind}`,
    headers: jsonHeaders(),
    payload: { email, ...(locale ? { locale } : {}) },
  });
const mailsTo = async (email: string) => {
  await t.deps.mailer.idle();
  return readOutbox(t.outboxDir, email);
};
const subscriptionOf = async (email: string) =>
  (await t.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.email, email)))[0];
const linkIn = (mail: string, path: string) => {
  const match = mail.match(new RegExp(`https?://[^\\s]+${path.replaceAll('/', '\\/')}\\?token=([^\\s>]+)`));
  if (!match) throw new Error(`no ${path} link in the mail`);
  return { url: new URL(match[0]), token: decodeURIComponent(match[1] ?? '') };
};
const form = (token: string) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ token }).toString(),
});

describe('newsletter and status sign-ups are confirmed by a mailed link (double opt-in)', () => {
  it('mails one confirmation in the sign-up language, and confirms only when the button is pressed', async () => {
    const email = uniqueEmail('news-es');
    expect((await signUp('newsletter', email, 'es')).statusCode).toBe(202);
    // Sent again at once: no second mail to the address (a form cannot be used to flood someone).
    expect((await signUp('newsletter', email, 'es')).statusCode).toBe(202);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: =?UTF-8?Q?Confirme_que_desea_recibir_el_bolet');
    expect(mails[0]).toContain('Para confirmarlo, abra este enlace');
    expect((await subscriptionOf(email))?.state).toBe('pending');

    const { url, token } = linkIn(mails[0] ?? '', '/api/subscriptions/confirm');
    // Opening the link (or a mail scanner opening it) shows the button and changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('el boletín de CareLoop');
    expect((await subscriptionOf(email))?.state).toBe('pending');

    const confirmed = await t.app.inject({ method: 'POST', url: url.pathname, ...form(token) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Suscripción confirmada');
    const row = await subscriptionOf(email);
    expect(row).toMatchObject({
      state: 'confirmed',
      list: 'newsletter',
      locale: 'es',
      confirmTokenHash: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);

    // The link works once; a confirmed address signing up again is sent nothing.
    expect((await t.app.inject({ method: 'POST', url: url.pathname, ...form(token) })).statusCode).toBe(404);
    expect((await signUp('newsletter', email, 'es')).statusCode).toBe(202);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('answers a made-up or malformed link with the invalid-link page and changes nothing', async () => {
    for (const token of ['x', 'A'.repeat(43), '<script>']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/subscriptions/confirm?token=${encodeURIComponent(token)}`,
        headers: { 'accept-language': 'tr-TR,tr;q=0.9' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Bu bağlantı geçerli değil');
      expect(res.body).not.toContain('<script>');
      const post = await t.app.inject({ method: 'POST', url: '/api/subscriptions/confirm', ...form(token) });
      expect(post.statusCode).toBe(404);
    }
    // A Daily Digest unsubscribe link is signed with the same key, for a user: not a subscription's.
    const digestToken = t.deps.unsubscribeTokens.sign('usr_1');
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/unsubscribe',
      ...form(digestToken),
    });
    expect(unsubscribe.statusCode).toBe(404);
  });
});

describe('status subscribers hear of incidents', () => {
  const incident = (over: Partial<IncidentRow>): IncidentRow => ({
    id: 'inc_test',
    service: 'messaging',
    worstStatus: 'partial-outage',
    note: 'deliveries_delayed',
    startedAt: new Date('2026-11-28T09:00:00Z'),
    resolvedAt: null,
    ...over,
  });

  it('mails a confirmed subscriber when an incident opens and when it is resolved, until one-click unsubscribe', async () => {
    const email = uniqueEmail('status-tr');
    const pending = uniqueEmail('status-pending');
    await signUp('status_subscribe', email, 'tr');
    await signUp('status_subscribe', pending);
    const { url, token } = linkIn((await mailsTo(email))[0] ?? '', '/api/subscriptions/confirm');
    expect((await t.app.inject({ method: 'POST', url: url.pathname, ...form(token) })).statusCode).toBe(200);

    await notifyStatusSubscribers(t.deps, { opened: [incident({})], resolved: [] });
    await notifyStatusSubscribers(t.deps, {
      opened: [],
      resolved: [incident({ resolvedAt: new Date('2026-11-28T10:30:00Z') })],
    });
    // The two go out side by side (the mailer does not wait): told apart by what they say, not by order.
    const mails = (await mailsTo(email)).filter((mail) => mail.includes('/status'));
    expect(mails).toHaveLength(2);
    const opened = mails.find((mail) => !mail.includes('10:30 UTC'));
    const resolved = mails.find((mail) => mail.includes('10:30 UTC'));
    expect(opened).toContain('Mesajla');
    expect(opened).toContain('2026-11-28 09:00 UTC');
    expect(resolved).toContain('2026-11-28 09:00 UTC');
    for (const mail of mails) expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // Nothing to an address that never confirmed, beyond its confirmation.
    expect(await mailsTo(pending)).toHaveLength(1);

    // The mail client's one-click unsubscribe posts to the header's link.
    const stop = linkIn(opened ?? '', '/api/subscriptions/unsubscribe');
    const page = await t.app.inject({ method: 'GET', url: `${stop.url.pathname}${stop.url.search}` });
    expect(page.statusCode).toBe(200);
    expect((await subscriptionOf(email))?.state).toBe('confirmed');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${stop.url.pathname}${stop.url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await subscriptionOf(email))?.state).toBe('unsubscribed');

    await notifyStatusSubscribers(t.deps, { opened: [incident({ id: 'inc_later' })], resolved: [] });
    expect(await mailsTo(email)).toHaveLength(3);
  });
});
