import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppDeps } from '../../bootstrap';
import { clinics, dailyDigestDeliveries, patientCommunications, reviews, users } from '../../db/schema';
import { sendDailyDigestsJob } from '../../jobs/send-daily-digests.job';
import { newId } from '../../lib/ids';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { findLink, readMails } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueDigests } from './digest.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);
const silentLog = { info: () => {}, error: () => {} };
const run = (now: string) => sendDueDigests({ ...t.deps, log: silentLog }, { now: at(now) });
/** The digests one user received (their sign-up confirmation is in the outbox too). */
const mailsTo = (user: { email: string }) =>
  readMails(t.outboxDir, user.email).filter((mail) => mail.headers['list-unsubscribe'] !== undefined);

type Clinic = { clinicId: string; owner: SignedInUser; admin: SignedInUser; staff: SignedInUser };

async function clinicIn(timeZone: string, defaultLanguage: 'en' | 'es' | 'tr' = 'en'): Promise<Clinic> {
  const clinic = await buildClinic(t, { practiceName: `Digest ${timeZone} ${newId('x', 4)}` });
  await t.db.update(clinics).set({ timeZone, defaultLanguage }).where(eq(clinics.id, clinic.clinicId));
  const admin = await buildMember(t, clinic.clinicId, 'admin');
  const staff = await buildMember(t, clinic.clinicId, 'staff');
  return { clinicId: clinic.clinicId, owner: clinic.owner, admin, staff };
}

async function reviewArrivedAt(clinicId: string, arrived: Date, rating: number) {
  const { review } = await buildReview(t, {
    clinicId,
    rating,
    reviewDate: new Date(arrived.getTime() - 86_400_000 * 30),
  });
  await t.db
    .update(reviews)
    .set({ createdAt: arrived })
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, review.id)));
}

async function failedMessageAt(clinicId: string, failedAt: Date) {
  const patient = await buildPatient(t, clinicId);
  await t.db.insert(patientCommunications).values({
    clinicId,
    id: newId('com'),
    patientId: patient.id,
    channel: 'sms',
    messageContent: 'Hello',
    deliveryStatus: 'failed',
    providerError: 'Unreachable',
    createdAt: failedAt,
    updatedAt: failedAt,
  });
}

const deliveriesOf = (clinicId: string) =>
  t.db.select().from(dailyDigestDeliveries).where(eq(dailyDigestDeliveries.clinicId, clinicId));

describe('Daily Digest: content from the clinic own data', () => {
  it('mails owners and admins at 08:00 Madrid winter time the last day of their clinic only', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    const other = await clinicIn('Europe/Madrid');
    // The window is 2026-01-14 08:00 to 2026-01-15 08:00 Madrid (07:00Z both days).
    await reviewArrivedAt(madrid.clinicId, at('2026-01-14T07:00:00Z'), 2); // first instant: in
    await reviewArrivedAt(madrid.clinicId, at('2026-01-15T06:59:00Z'), 5); // last minute: in
    await reviewArrivedAt(madrid.clinicId, at('2026-01-14T06:59:00Z'), 1); // before: out
    await reviewArrivedAt(madrid.clinicId, at('2026-01-15T07:00:00Z'), 1); // after: out
    await buildCase(t, { clinicId: madrid.clinicId, dueAt: at('2026-01-14T12:00:00Z') }); // overdue
    await buildCase(t, {
      clinicId: madrid.clinicId,
      status: 'in_progress',
      dueAt: at('2026-01-16T12:00:00Z'),
    });
    await buildCase(t, { clinicId: madrid.clinicId, dueAt: null });
    await buildCase(t, { clinicId: madrid.clinicId, status: 'resolved', dueAt: at('2026-01-01T00:00:00Z') });
    await failedMessageAt(madrid.clinicId, at('2026-01-14T20:00:00Z'));
    await failedMessageAt(madrid.clinicId, at('2026-01-13T20:00:00Z')); // the day before: out
    // The other clinic's data, in the same window, in no line of the first one's mail.
    for (let i = 0; i < 7; i++) await reviewArrivedAt(other.clinicId, at('2026-01-14T10:00:00Z'), 1);
    for (let i = 0; i < 4; i++)
      await buildCase(t, { clinicId: other.clinicId, dueAt: at('2026-01-10T00:00:00Z') });
    for (let i = 0; i < 3; i++) await failedMessageAt(other.clinicId, at('2026-01-14T10:00:00Z'));

    await run('2026-01-15T06:59:59Z'); // 07:59:59 in Madrid
    expect(mailsTo(madrid.owner)).toHaveLength(0);

    await run('2026-01-15T07:00:00Z'); // 08:00 in Madrid (CET)
    const [mail] = mailsTo(madrid.owner);
    expect(mailsTo(madrid.owner)).toHaveLength(1);
    expect(mail!.subject).toContain('your CareLoop daily digest for January 15, 2026');
    expect(mail!.text).toContain('New reviews: 2, 1 of them needs attention (3 stars or fewer)');
    expect(mail!.text).toContain('Open cases: 3, 1 of them overdue');
    expect(mail!.text).toContain('Messages that failed to send: 1');
    expect(mail!.text).toContain('08:00 (Europe/Madrid)');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The layout the account mails share: logo, the dashboard as its button, the unsubscribe in the footer.
    expect(mail!.html).toMatch(/<img src="http:\/\/[^"]+\/email-logo\.png"/);
    expect(mail!.html).toMatch(
      /<a href="http:\/\/[^"]+\/dashboard" style="display:inline-block[^"]*">Dashboard<\/a>/,
    );
    expect(mail!.html).toContain('Sent by CareLoop');
    expect(mail!.html).toMatch(/<a href="[^"]+\/digest\/unsubscribe\?token=[^"]+">Stop these e-mails<\/a>/);
    expect(mailsTo(madrid.admin)).toHaveLength(1);
    expect(mailsTo(madrid.staff)).toHaveLength(0);

    const [otherMail] = mailsTo(other.owner);
    expect(otherMail!.text).toContain('New reviews: 7, 7 of them need attention');
    expect(otherMail!.text).toContain('Open cases: 4, 4 of them overdue');
    expect(otherMail!.text).toContain('Messages that failed to send: 3');

    const rows = await deliveriesOf(madrid.clinicId);
    expect(rows.map((r) => r.userId).sort()).toEqual([madrid.owner.userId, madrid.admin.userId].sort());
    expect(rows.every((r) => r.status === 'sent' && r.digestDate === '2026-01-15')).toBe(true);
  });

  it('follows Madrid summer time: 08:00 CEST is 06:00Z', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await run('2026-07-15T05:59:00Z');
    expect(mailsTo(madrid.owner)).toHaveLength(0);
    await run('2026-07-15T06:00:00Z');
    const [mail] = mailsTo(madrid.owner);
    expect(mail!.subject).toContain('July 15, 2026');
    expect(mail!.text).toContain('New reviews: 0');
    expect(mail!.text).toContain('Nothing needs you today.');
  });

  it('sends at 08:00 Istanbul (05:00Z all year), in Turkish for a Turkish clinic', async () => {
    const istanbul = await clinicIn('Europe/Istanbul', 'tr');
    await reviewArrivedAt(istanbul.clinicId, at('2026-07-15T01:00:00Z'), 3);
    await run('2026-07-15T04:59:00Z');
    expect(mailsTo(istanbul.owner)).toHaveLength(0);
    await run('2026-07-15T05:00:00Z');
    const [mail] = mailsTo(istanbul.owner);
    expect(mail!.subject).toContain('15 Temmuz 2026 tarihli CareLoop günlük özetiniz');
    expect(mail!.text).toContain('Yeni yorumlar: 1, bunlardan 1 tanesi ilgi bekliyor');
    expect(mail!.text).toContain('Açık vakalar: 0');
    expect(mail!.html).toContain('CareLoop tarafından gönderildi');
    await run('2027-01-15T05:00:00Z');
    expect(mailsTo(istanbul.owner)).toHaveLength(2);
  });

  it("a Spanish clinic: counts grouped and agreed as Spanish writes them, and one zone, the clinic's", async () => {
    const madrid = await clinicIn('Europe/Madrid', 'es');
    await reviewArrivedAt(madrid.clinicId, at('2026-02-10T09:00:00Z'), 2);
    for (const dueAt of ['2026-02-09T12:00:00Z', '2026-02-10T12:00:00Z'])
      await buildCase(t, { clinicId: madrid.clinicId, dueAt: at(dueAt) });
    const patient = await buildPatient(t, madrid.clinicId);
    const failedAt = at('2026-02-10T20:00:00Z');
    // Spanish groups from five digits (1234, 10.001): 10,001 failed sends, in batches the driver takes.
    const failed = Array.from({ length: 10_001 }, () => ({
      clinicId: madrid.clinicId,
      id: newId('com'),
      patientId: patient.id,
      channel: 'sms',
      messageContent: 'Hola',
      deliveryStatus: 'failed',
      providerError: 'Unreachable',
      createdAt: failedAt,
      updatedAt: failedAt,
    }));
    for (let i = 0; i < failed.length; i += 2_000)
      await t.db.insert(patientCommunications).values(failed.slice(i, i + 2_000));

    await run('2026-02-11T07:00:00Z'); // 08:00 in Madrid
    const [mail] = mailsTo(madrid.owner);
    expect(mail!.subject).toContain('11 de febrero de 2026');
    expect(mail!.text).toContain('Reseñas nuevas: 1; 1 requiere atención (3 estrellas o menos)');
    expect(mail!.text).toContain('Casos abiertos: 2; 2 vencidos');
    expect(mail!.text).toContain('Mensajes que no se pudieron enviar: 10.001');
    expect(mail!.text).toContain('hasta las 08:00 (Europe/Madrid) del 11 de febrero de 2026');
    expect(`${mail!.subject}\n${mail!.text}`).not.toMatch(/UTC|GMT|07:00|10001/);
  });

  it("writes in the recipient's own language before the clinic's", async () => {
    const madrid = await clinicIn('Europe/Madrid', 'en');
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, madrid.admin.userId));
    await run('2026-01-20T07:00:00Z');
    expect(mailsTo(madrid.admin)[0]!.subject).toContain(
      'su resumen diario de CareLoop del 20 de enero de 2026',
    );
    expect(mailsTo(madrid.admin)[0]!.text).toContain('Reseñas nuevas: 0');
    expect(mailsTo(madrid.owner)[0]!.subject).toContain('daily digest');
  });

  it('sends nothing after noon: a morning the workers missed is skipped, not sent late', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await run('2026-01-21T11:00:00Z'); // 12:00 Madrid
    expect(mailsTo(madrid.owner)).toHaveLength(0);
    await run('2026-01-21T10:59:00Z'); // 11:59 Madrid: still that morning
    expect(mailsTo(madrid.owner)).toHaveLength(1);
  });

  it('sends the other zones when a clinic has a time zone this runtime does not know', async () => {
    const unknown = await clinicIn('Europe/Madrid');
    await t.db.update(clinics).set({ timeZone: 'Mars/Olympus' }).where(eq(clinics.id, unknown.clinicId));
    try {
      const madrid = await clinicIn('Europe/Madrid');
      const result = await run('2026-01-23T07:00:00Z');
      expect(result.stopped).toEqual([]);
      expect(mailsTo(madrid.owner)).toHaveLength(1);
      expect(mailsTo(unknown.owner)).toHaveLength(0);
    } finally {
      // A shared PostgreSQL keeps clinics between files: leave no unknown zone for other jobs' tests.
      await t.db.delete(clinics).where(eq(clinics.id, unknown.clinicId));
    }
  });

  it('mails no address that is not confirmed', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, madrid.admin.userId));
    await run('2026-01-22T07:00:00Z');
    expect(mailsTo(madrid.owner)).toHaveLength(1);
    expect(mailsTo(madrid.admin)).toHaveLength(0);
  });
});

describe('Daily Digest: once per clinic and day', () => {
  it('sends once across concurrent runs, a repeated run and a run after a restart', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await Promise.all([
      run('2026-02-02T07:00:00Z'),
      run('2026-02-02T07:00:00Z'),
      run('2026-02-02T07:15:00Z'),
    ]);
    await run('2026-02-02T09:45:00Z');
    // A restarted (or second) process: its own mailer, job runner and services over the same database.
    const restarted = createAppDeps(t.config, t.deps.database, silentLog);
    await sendDueDigests({ ...restarted, log: silentLog }, { now: at('2026-02-02T10:00:00Z') });
    expect(sendDailyDigestsJob.schedule).toEqual({ cron: '*/15 * * * *' });
    expect(mailsTo(madrid.owner)).toHaveLength(1);
    expect(mailsTo(madrid.admin)).toHaveLength(1);
    expect(await deliveriesOf(madrid.clinicId)).toHaveLength(2);
    await run('2026-02-03T07:00:00Z'); // the next day is a new digest
    expect(mailsTo(madrid.owner)).toHaveLength(2);
  });

  it('does not send again a digest claimed by a worker that stopped before finishing', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await t.db.insert(dailyDigestDeliveries).values({
      clinicId: madrid.clinicId,
      digestDate: '2026-02-04',
      userId: madrid.owner.userId,
      language: 'en',
      status: 'sending',
      claimedAt: at('2026-02-04T07:00:01Z'),
    });
    await run('2026-02-04T08:00:00Z');
    expect(mailsTo(madrid.owner)).toHaveLength(0);
    expect(mailsTo(madrid.admin)).toHaveLength(1);
  });
});

describe('Daily Digest: opting out', () => {
  it('respects the account page switch', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/account/preferences',
      headers: { cookie: madrid.admin.cookie },
    });
    expect(read.json()).toMatchObject({ dailyDigest: true, receivesDigest: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: madrid.admin.cookie }),
      payload: { dailyDigest: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ dailyDigest: false });
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/account/preferences',
      headers: { cookie: madrid.staff.cookie },
    });
    expect(staff.json()).toMatchObject({ receivesDigest: false });
    await run('2026-03-02T07:00:00Z');
    expect(mailsTo(madrid.owner)).toHaveLength(1);
    expect(mailsTo(madrid.admin)).toHaveLength(0);
    // On again: the next day's digest comes.
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: madrid.admin.cookie }),
      payload: { dailyDigest: true },
    });
    await run('2026-03-03T07:00:00Z');
    expect(mailsTo(madrid.admin)).toHaveLength(1);
  });

  it("turns the digest off from the mail's link (page and one-click), and refuses a forged link", async () => {
    const madrid = await clinicIn('Europe/Madrid');
    await run('2026-03-10T07:00:00Z');
    const [ownerMail] = mailsTo(madrid.owner);
    const link = findLink(ownerMail!.text, '/digest/unsubscribe?token=');
    expect(link.origin + link.pathname).toBe(`${t.config.http.publicUrl}/digest/unsubscribe`);
    const token = link.searchParams.get('token')!;

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/digest/unsubscribe',
      headers: jsonHeaders(),
      payload: { token: `${madrid.admin.userId}.${token.split('.')[1]}` },
    });
    expect(forged.statusCode).toBe(400);
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/digest/unsubscribe',
      headers: jsonHeaders(),
      payload: { token },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ unsubscribed: true });

    // The admin uses the mail client's one-click unsubscribe (RFC 8058) from the header.
    const [adminMail] = mailsTo(madrid.admin);
    const oneClick = new URL(adminMail!.headers['list-unsubscribe']!.replace(/^<|>$/g, ''));
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);

    await run('2026-03-11T07:00:00Z');
    expect(mailsTo(madrid.owner)).toHaveLength(1);
    expect(mailsTo(madrid.admin)).toHaveLength(1);
    const [row] = await t.db
      .select({ on: users.dailyDigest })
      .from(users)
      .where(eq(users.id, madrid.owner.userId));
    expect(row?.on).toBe(false);
  });
});

describe('the dashboard shows the digest as it is', () => {
  it('scheduled at 08:00 clinic time with its recipients and the last send; off when nobody gets it', async () => {
    const madrid = await clinicIn('Europe/Madrid');
    const summary = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/dashboard/summary',
          headers: { cookie: madrid.owner.cookie },
        })
      ).json().system.dailyDigest;
    const asked = Date.now();
    const before = await summary();
    expect(before).toMatchObject({
      state: 'scheduled',
      sendTime: '08:00',
      timeZone: 'Europe/Madrid',
      recipients: 2,
      lastSentAt: null,
    });
    const next = new Date(before.nextAt);
    // After the instant it was asked at: 08:00 may pass between the answer and this line.
    expect(next.getTime()).toBeGreaterThan(asked);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeStyle: 'short' }).format(next),
    ).toBe('08:00');

    await run('2026-04-01T06:00:00Z');
    expect((await summary()).lastSentAt).toBe('2026-04-01T06:00:00.000Z');

    for (const user of [madrid.owner, madrid.admin]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/account/preferences',
        headers: jsonHeaders({ cookie: user.cookie }),
        payload: { dailyDigest: false },
      });
    }
    expect(await summary()).toMatchObject({ state: 'off', recipients: 0 });
  });
});
