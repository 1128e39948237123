import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterpriseContactRequests, publicFormSubmissions } from '../../db/schema';
import { jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { publicFormRateLimit } from './public-site.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An address no other test uses: rate-limit counters live in the database, which PostgreSQL runs share. */
const uniqueIp = () => `10.${[...randomBytes(3)].join('.')}`;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders(headers), payload });

const enterpriseRows = (email: string) =>
  t.db.select().from(enterpriseContactRequests).where(eq(enterpriseContactRequests.contactEmail, email));
const formRows = (email: string) =>
  t.db.select().from(publicFormSubmissions).where(eq(publicFormSubmissions.email, email));

const enterprise = (email: string) => ({
  contactName: 'Dr. Jane Roe',
  contactEmail: email,
  companyName: 'Roe Dental Group',
  estimatedMonthlyVolume: '100,000-300,000',
});

describe('POST /api/enterprise-contact-requests', () => {
  it('stores a valid request, the volume range as its lower bound', async () => {
    const email = uniqueEmail('ent');
    const res = await post('/api/enterprise-contact-requests', {
      ...enterprise(email),
      contactPhone: '+1 555 0100',
      currentSolution: 'Spreadsheets',
      specificRequirements: 'SSO and a BAA',
      preferredContractType: 'growth',
      website: '',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const rows = await enterpriseRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      contactName: 'Dr. Jane Roe',
      contactPhone: '+1 555 0100',
      companyName: 'Roe Dental Group',
      estimatedMonthlyVolume: 100_000,
      currentSolution: 'Spreadsheets',
      specificRequirements: 'SSO and a BAA',
      preferredContractType: 'growth',
    });
  });

  it('stores blank optional fields as null', async () => {
    const email = uniqueEmail('ent');
    const res = await post('/api/enterprise-contact-requests', {
      ...enterprise(email),
      estimatedMonthlyVolume: '750,000+',
      contactPhone: '  ',
    });
    expect(res.statusCode).toBe(202);
    expect((await enterpriseRows(email))[0]).toMatchObject({
      estimatedMonthlyVolume: 750_000,
      contactPhone: null,
      preferredContractType: null,
    });
  });

  it.each([
    ['contactName', { contactName: '' }],
    ['contactEmail', { contactEmail: 'not-an-email' }],
    ['companyName', { companyName: '   ' }],
    ['estimatedMonthlyVolume', { estimatedMonthlyVolume: '1,000,000+' }],
    ['preferredContractType', { preferredContractType: 'basic' }],
  ])('answers 400 naming %s and stores nothing', async (field, change) => {
    const email = uniqueEmail('ent');
    const res = await post('/api/enterprise-contact-requests', { ...enterprise(email), ...change });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await enterpriseRows(email)).toHaveLength(0);
  });

  it('accepts a request with the honeypot filled, and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await post('/api/enterprise-contact-requests', {
      ...enterprise(email),
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(202);
    expect(await enterpriseRows(email)).toHaveLength(0);
  });

  it(`answers 429 after ${publicFormRateLimit.max} requests from one address`, async () => {
    const headers = { 'x-forwarded-for': uniqueIp() };
    for (let i = 0; i < publicFormRateLimit.max; i++) {
      const res = await post('/api/enterprise-contact-requests', enterprise(uniqueEmail('ent')), headers);
      expect(res.statusCode).toBe(202);
    }
    const email = uniqueEmail('ent');
    const res = await post('/api/enterprise-contact-requests', enterprise(email), headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(await enterpriseRows(email)).toHaveLength(0);
    // Another address is not held back.
    expect((await post('/api/enterprise-contact-requests', enterprise(uniqueEmail('ent')))).statusCode).toBe(
      202,
    );
  });
});

const validForms = {
  demo: (email: string) => ({
    firstName: 'Ana',
    lastName: 'García',
    email,
    phone: '+34 600 000 000',
    clinicName: 'Clínica Sonrisa',
    clinicType: 'dental',
    teamSize: '6-15',
    message: 'Review matching, please.',
    locale: 'es',
  }),
  contact: (email: string) => ({
    firstName: 'Ali',
    lastName: 'Yılmaz',
    email,
    subject: 'pricing',
    message: 'Do you offer annual billing?',
  }),
  newsletter: (email: string) => ({ email }),
  status_subscribe: (email: string) => ({ email }),
  job_application: (email: string) => ({
    position: 'product-designer',
    name: 'Sam Lee',
    email,
    profileUrl: 'https://portfolio.example/sam',
    message: 'I design for clinics.',
  }),
} as const;

const invalidForms: Record<keyof typeof validForms, [string, Record<string, unknown>][]> = {
  demo: [
    ['firstName', { firstName: '' }],
    ['email', { email: 'ana' }],
    ['clinicName', { clinicName: ' ' }],
    ['clinicType', { clinicType: 'veterinary' }],
    ['teamSize', { teamSize: '1000+' }],
  ],
  contact: [
    ['lastName', { lastName: undefined }],
    ['subject', { subject: 'sales' }],
    ['message', { message: '' }],
  ],
  newsletter: [['email', { email: 'nobody' }]],
  status_subscribe: [['email', { email: '' }]],
  job_application: [
    ['position', { position: 'astronaut' }],
    ['name', { name: '' }],
    ['profileUrl', { profileUrl: 'not a link' }],
    // A link that runs script when an operator opens it.
    ['profileUrl', { profileUrl: 'javascript:alert(document.cookie)' }],
    ['profileUrl', { profileUrl: 'data:text/html,<script>alert(1)</script>' }],
  ],
};

describe.each(Object.keys(validForms) as (keyof typeof validForms)[])('POST /api/public-forms/%s', (kind) => {
  const url = `/api/public-forms/${kind}`;

  it('stores a valid submission with a hashed client address', async () => {
    const email = uniqueEmail(kind);
    const ip = uniqueIp();
    const res = await post(url, validForms[kind](email), { 'x-forwarded-for': ip });
    expect(res.statusCode).toBe(202);
    const rows = await formRows(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.kind).toBe(kind);
    expect(row?.payload).toMatchObject({ email });
    expect(row?.payload).not.toHaveProperty('website');
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
  });

  it.each(invalidForms[kind])('answers 400 naming %s and stores nothing', async (field, change) => {
    const email = uniqueEmail(kind);
    const res = await post(url, { ...validForms[kind](email), ...change });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await formRows(email)).toHaveLength(0);
    expect(await formRows(String(change.email))).toHaveLength(0);
  });

  it('accepts a filled honeypot and stores nothing', async () => {
    const email = uniqueEmail(kind);
    const res = await post(url, { ...validForms[kind](email), website: 'http://bot.example' });
    expect(res.statusCode).toBe(202);
    expect(await formRows(email)).toHaveLength(0);
  });
});

describe('public forms', () => {
  it('store the locale and the same hash for the same address', async () => {
    const first = uniqueEmail('demo');
    const second = uniqueEmail('demo');
    const headers = { 'x-forwarded-for': uniqueIp() };
    await post('/api/public-forms/demo', validForms.demo(first), headers);
    await post('/api/public-forms/newsletter', { email: second, locale: 'tr' }, headers);
    const [a] = await formRows(first);
    const [b] = await formRows(second);
    expect(a?.locale).toBe('es');
    expect(b?.locale).toBe('tr');
    expect(a?.ipHash).toBe(b?.ipHash);
  });

  it('answer 404 for an unknown kind', async () => {
    expect((await post('/api/public-forms/survey', { email: uniqueEmail() })).statusCode).toBe(404);
  });

  it(`answer 429 after ${publicFormRateLimit.max} submissions from one address`, async () => {
    const headers = { 'x-forwarded-for': uniqueIp() };
    for (let i = 0; i < publicFormRateLimit.max; i++) {
      const res = await post('/api/public-forms/newsletter', { email: uniqueEmail('nl') }, headers);
      expect(res.statusCode).toBe(202);
    }
    const email = uniqueEmail('nl');
    const res = await post('/api/public-forms/newsletter', { email }, headers);
    expect(res.statusCode).toBe(429);
    expect(await formRows(email)).toHaveLength(0);
  });
});

describe('GET /api/status', () => {
  it('reports every service measured, each with 90 days of history, and the job runner down as an incident', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15');
    const body = res.json();
    const measured = expect.stringMatching(/^(operational|partial-outage|major-outage)$/);
    // Review monitoring and messaging count every clinic's data (other tests' too): measured, not unknown.
    expect(body.services.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      ['api', 'operational'],
      ['database', 'operational'],
      // No process works jobs in these tests, so no heartbeat: the job runner is down (it said
      // operational whenever the queue existed, even with ROLE=web and no worker anywhere).
      ['job_runner', 'partial-outage'],
      ['review_ingestion', measured],
      ['messaging', measured],
    ]);
    // The day the answer was measured on (its history ends there), not this line's: at midnight they differ.
    const today = body.checkedAt.slice(0, 10);
    for (const service of body.services) {
      expect(service.history).toHaveLength(90);
      expect(service.history.at(-1).date).toBe(today);
    }
    expect(body.incidents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'job_runner', status: 'investigating', resolvedAt: null }),
      ]),
    );
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
  });

  it('answers from its cache within 15 seconds', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/status' })).json();
    const second = (await t.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(second.checkedAt).toBe(first.checkedAt);
  });
});

describe('OpenAPI document', () => {
  it('lists the public-site endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/enterprise-contact-requests',
        '/api/public-forms/demo',
        '/api/public-forms/job_application',
        '/api/status',
      ]),
    );
  });
});
