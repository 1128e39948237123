import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterpriseContactRequests } from '../../db/schema';
import {
  buildClinic,
  buildMember,
  jsonHeaders,
  type SignedInUser,
  uniqueEmail,
} from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';

const salesEmail = 'sales-team@clinic-leads.example';
const operatorEmail = `ops-${randomBytes(4).toString('hex')}@test.careloop.local`;

let t: TestApp;
let operator: SignedInUser;
let clinicOwner: SignedInUser;
/** What this run's leads share, so a search finds them among other runs' on a shared PostgreSQL. */
const runTag = `run${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp({ env: { SALES_EMAIL: salesEmail, OPERATOR_EMAILS: operatorEmail.toUpperCase() } });
  const clinic = await buildClinic(t);
  clinicOwner = clinic.owner;
  operator = await buildMember(t, clinic.clinicId, 'staff', { email: operatorEmail });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders(), payload });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The mail sales received about one visitor (the outbox holds this file's mail only). */
async function salesMailAbout(visitorEmail: string): Promise<string[]> {
  await t.deps.mailer.idle();
  return readOutbox(t.outboxDir, salesEmail).filter((mail) => mail.includes(visitorEmail));
}

const demo = (email: string) => ({
  firstName: 'Ana',
  lastName: `Ruiz ${runTag}`,
  email,
  phone: '+34 600 000 000',
  clinicName: 'Clinica Sol',
  clinicType: 'dental',
  teamSize: '6-15',
  message: 'We would like to see the WhatsApp follow-ups.',
  locale: 'es',
});

describe('leads are mailed to SALES_EMAIL', () => {
  it('mails a demo request to sales, replying to the visitor', async () => {
    const email = uniqueEmail('demo');
    expect((await post('/api/public-forms/demo', demo(email))).statusCode).toBe(202);
    const [mail, ...more] = await salesMailAbout(email);
    expect(more).toEqual([]);
    expect(mail).toContain(`To: ${salesEmail}`);
    expect(mail).toContain(`Reply-To: ${email}`);
    expect(mail).toMatch(new RegExp(`Subject: Demo request: Ana Ruiz ${runTag} \\(Clinica Sol\\)`));
    expect(mail).toContain('clinicType: dental');
    expect(mail).toContain('teamSize: 6-15');
    expect(mail).toContain('We would like to see the WhatsApp follow-ups.');
    expect(mail).toContain(`All leads: ${t.config.http.publicUrl}/admin/leads`);
  });

  it('mails a contact message and an enterprise request, and no newsletter sign-up', async () => {
    const contactEmail = uniqueEmail('contact');
    const contact = await post('/api/public-forms/contact', {
      firstName: 'Eva',
      lastName: `Gil ${runTag}`,
      email: contactEmail,
      subject: 'pricing',
      message: 'Do you offer yearly billing?',
    });
    expect(contact.statusCode).toBe(202);
    const [contactMail] = await salesMailAbout(contactEmail);
    expect(contactMail).toMatch(/Subject: Contact message: Eva Gil/);
    expect(contactMail).toContain('subject: pricing');

    const enterpriseEmail = uniqueEmail('ent');
    const enterprise = await post('/api/enterprise-contact-requests', {
      contactName: `Dr. Jane Roe ${runTag}`,
      contactEmail: enterpriseEmail,
      companyName: 'Roe Dental Group',
      estimatedMonthlyVolume: '100,000-300,000',
      specificRequirements: 'SSO and a BAA',
      preferredContractType: 'growth',
    });
    expect(enterprise.statusCode).toBe(202);
    const [enterpriseMail] = await salesMailAbout(enterpriseEmail);
    expect(enterpriseMail).toMatch(/Subject: Enterprise request: Dr\. Jane Roe \S+ \(Roe Dental Group\)/);
    expect(enterpriseMail).toContain('estimatedMonthlyVolume: 100000');
    expect(enterpriseMail).toContain('preferredContractType: growth');
    expect(enterpriseMail).toContain('SSO and a BAA');

    const newsletterEmail = uniqueEmail('news');
    expect((await post('/api/public-forms/newsletter', { email: newsletterEmail })).statusCode).toBe(202);
    expect(await salesMailAbout(newsletterEmail)).toEqual([]);
  });

  it('mails a job application to the same inbox, and lists it for the operators', async () => {
    const email = uniqueEmail('job');
    const res = await post('/api/public-forms/job_application', {
      position: 'product-designer',
      name: `Sam Ortiz ${runTag}`,
      email,
      profileUrl: 'https://portfolio.example/sam',
      message: 'I ran patient support at a dental group for four years.',
    });
    expect(res.statusCode).toBe(202);
    const [mail, ...more] = await salesMailAbout(email);
    expect(more).toEqual([]);
    expect(mail).toContain(`Reply-To: ${email}`);
    expect(mail).toMatch(new RegExp(`Subject: Job application: Sam Ortiz ${runTag}`));
    expect(mail).toContain('position: product-designer');
    expect(mail).toContain('profileUrl: https://portfolio.example/sam');
    expect(mail).toContain('I ran patient support at a dental group for four years.');

    const listed = (await get(`/api/admin/leads?q=${encodeURIComponent(email)}`, operator.cookie)).json();
    expect(listed.items).toEqual([
      expect.objectContaining({
        kind: 'job_application',
        name: `Sam Ortiz ${runTag}`,
        email,
        details: [
          { field: 'position', value: 'product-designer' },
          { field: 'profileUrl', value: 'https://portfolio.example/sam' },
        ],
      }),
    ]);
  });

  it('mails nothing for a bot (honeypot filled)', async () => {
    const email = uniqueEmail('bot');
    expect(
      (await post('/api/public-forms/demo', { ...demo(email), website: 'spam.example' })).statusCode,
    ).toBe(202);
    expect(await salesMailAbout(email)).toEqual([]);
  });

  it('answers 400 naming the field to an enterprise field past its limit, and stores and mails nothing', async () => {
    const email = uniqueEmail('ent-long');
    const res = await post('/api/enterprise-contact-requests', {
      contactName: 'Dr. Jane Roe',
      contactEmail: email,
      companyName: 'x'.repeat(201),
      estimatedMonthlyVolume: '100,000-300,000',
      specificRequirements: 'y'.repeat(5001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('companyName must be at most 200 characters');
    expect(res.body).toContain('specificRequirements must be at most 5000 characters');
    const stored = await t.db
      .select()
      .from(enterpriseContactRequests)
      .where(eq(enterpriseContactRequests.contactEmail, email));
    expect(stored).toEqual([]);
    expect(await salesMailAbout(email)).toEqual([]);
  });
});

describe('the operators see the leads (GET /api/admin/leads)', () => {
  it('answers 401 to anonymous callers and 403 to clinic users who are not operators', async () => {
    for (const url of ['/api/admin/leads', '/api/admin/leads/export.csv']) {
      expect((await get(url)).statusCode).toBe(401);
      const owner = await get(url, clinicOwner.cookie);
      expect(owner.statusCode).toBe(403);
      expect(owner.body).not.toContain(runTag);
    }
  });

  it('tells /api/me who is an operator', async () => {
    expect((await get('/api/me', operator.cookie)).json().isOperator).toBe(true);
    expect((await get('/api/me', clinicOwner.cookie)).json().isOperator).toBe(false);
  });

  it('lists every kind of lead, newest first, searchable and paged', async () => {
    const tag = `list${randomBytes(4).toString('hex')}`;
    const first = uniqueEmail(`${tag}-demo`);
    const second = uniqueEmail(`${tag}-ent`);
    const third = uniqueEmail(`${tag}-contact`);
    expect((await post('/api/public-forms/demo', demo(first))).statusCode).toBe(202);
    expect(
      (
        await post('/api/enterprise-contact-requests', {
          contactName: 'Dr. Jane Roe',
          contactEmail: second,
          companyName: 'Roe Dental Group',
          estimatedMonthlyVolume: '750,000+',
        })
      ).statusCode,
    ).toBe(202);
    expect(
      (
        await post('/api/public-forms/contact', {
          firstName: 'Eva',
          lastName: 'Gil',
          email: third,
          subject: 'demo',
          message: 'Call me',
        })
      ).statusCode,
    ).toBe(202);
    await post('/api/public-forms/newsletter', { email: uniqueEmail(`${tag}-news`) });

    const res = await get(`/api/admin/leads?q=${tag}`, operator.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((lead: { email: string }) => lead.email)).toEqual([third, second, first]);
    expect(body.items[1]).toMatchObject({
      kind: 'enterprise',
      name: 'Dr. Jane Roe',
      organization: 'Roe Dental Group',
      details: [{ field: 'estimatedMonthlyVolume', value: '750000' }],
      message: null,
    });
    expect(body.items[2]).toMatchObject({
      kind: 'demo',
      name: `Ana Ruiz ${runTag}`,
      phone: '+34 600 000 000',
      organization: 'Clinica Sol',
      locale: 'es',
      message: 'We would like to see the WhatsApp follow-ups.',
    });

    const page = await get(`/api/admin/leads?q=${tag}&limit=1&offset=1`, operator.cookie);
    expect(page.json()).toEqual({ items: [body.items[1]], total: 3 });
  });

  it.each([['limit=0'], ['limit=201'], ['offset=-1'], [`q=${'x'.repeat(201)}`]])(
    'answers 400 to %s',
    async (query) => {
      expect((await get(`/api/admin/leads?${query}`, operator.cookie)).statusCode).toBe(400);
    },
  );

  it('exports the leads as CSV with formula-safe cells and plain E.164 phones', async () => {
    const tag = `csv${randomBytes(4).toString('hex')}`;
    const email = uniqueEmail(tag);
    expect(
      (
        await post('/api/public-forms/demo', {
          ...demo(email),
          firstName: '=HYPERLINK("http://evil.example")',
          lastName: tag,
          phone: '+34600000000',
          clinicName: '@SUM(A1:A2)',
        })
      ).statusCode,
    ).toBe(202);
    const res = await get(`/api/admin/leads/export.csv?q=${tag}`, operator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, ...rest] = res.body.trimEnd().split('\r\n');
    // A byte-order mark first, so that spreadsheets read the UTF-8 as UTF-8.
    expect(header).toBe('\ufeffcreated_at,kind,name,email,phone,organization,details,message,locale,id');
    expect(rest).toEqual([]);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}"`);
    expect(row).toContain(`,${email},+34600000000,'@SUM(A1:A2),`);
    expect(row).toContain('clinicType: dental; teamSize: 6-15');
  });
});
