import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../../db/rate-limit-counter';
import {
  apiIdempotencyKeys,
  clinics,
  followUpCampaigns,
  patientCommunications,
  patients,
} from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiRateLimitKey } from '../api-clients/api-access.service';
import { releaseIdempotencyKey, storeIdempotentAnswer } from './idempotency.repository';
import { abandonedClaimMs, idempotencyRequestHash } from './idempotency.service';

const dayMs = 86_400_000;

describe('/api/v1 with a bearer token', () => {
  let t: TestApp;
  let clinic: Awaited<ReturnType<typeof buildClinic>>;
  let token: string;
  let other: { clinicId: string; token: string; patientId: string };
  const statements: string[] = [];
  // Moved only to let the API's budget learn other processes' hits (at most a second old: ADR 020).
  let clockAheadMs = 0;

  beforeAll(async () => {
    t = await createTestApp({
      observeQuery: (sql) => statements.push(sql),
      now: () => Date.now() + clockAheadMs,
    });
    clinic = await buildClinic(t, { tier: 'professional' });
    token = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
    const b = await buildClinic(t, { tier: 'professional' });
    const otherPatient = await buildPatient(t, b.clinicId, { name: 'Eva Gil' });
    other = {
      clinicId: b.clinicId,
      token: await buildAccessToken(t, await buildApiClient(t, b.owner)),
      patientId: otherPatient.id,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, extra = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}), ...extra },
      ...(payload ? { payload } : {}),
    });

  it('creates, reads, updates and lists patients with the documented field names', async () => {
    const created = await call('POST', '/api/v1/patients', {
      name: 'Maria Santos',
      email: 'maria@example.com',
      phone: '+34600000000',
    });
    expect(created.statusCode).toBe(201);
    const patient = created.json();
    expect(patient).toMatchObject({
      name: 'Maria Santos',
      email: 'maria@example.com',
      phone: '+34600000000',
    });
    expect(patient.id).toEqual(expect.any(String));
    expect(patient.created_at).toEqual(expect.any(String));

    const got = await call('GET', `/api/v1/patients/${patient.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(patient);

    const updated = await call('PATCH', `/api/v1/patients/${patient.id}`, { procedure: 'Dental Implant' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Maria Santos', procedure: 'Dental Implant' });

    const found = await call('GET', '/api/v1/patients?search=santos');
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((p: { id: string }) => p.id)).toEqual([patient.id]);
  });

  it('pages the patient list with next_cursor, newest first, without repeats', async () => {
    const pager = await buildClinic(t, { tier: 'professional' });
    const pagerToken = await buildAccessToken(t, await buildApiClient(t, pager.owner));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = await buildPatient(t, pager.clinicId, { createdAt: new Date(Date.now() - i * 60_000) });
      ids.push(row.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({
        method: 'GET',
        url: `/api/v1/patients?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(pagerToken),
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.map((p: { id: string }) => p.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('answers the error envelope: 400 with field details, 404 for an unknown id', async () => {
    const bad = await call('POST', '/api/v1/patients', { name: 'Ana', phone: 'not a phone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(bad.json().error.details).toEqual(expect.any(Array));
    const missing = await call('GET', '/api/v1/patients/P-nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const cursor = await call('GET', '/api/v1/patients?cursor=garbage');
    expect(cursor.statusCode).toBe(400);
  });

  it('answers 400 naming cursor for a cursor whose timestamp PostgreSQL would not read', async () => {
    const cursorOf = (t: string) => Buffer.from(JSON.stringify({ t, id: 'x' })).toString('base64url');
    for (const list of ['/api/v1/patients', '/api/v1/reviews']) {
      for (const t of ['1', 'March 7', '+275760-09-13T00:00:00.000Z', '2023-02-29T00:00:00.000000Z']) {
        const res = await call('GET', `${list}?cursor=${cursorOf(t)}`);
        expect(res.statusCode, `${list} ${t}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [{ field: 'cursor', message: 'Invalid cursor' }],
        });
      }
      // The extremes of the text the server writes are timestamps PostgreSQL reads.
      for (const t of ['0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z']) {
        expect((await call('GET', `${list}?cursor=${cursorOf(t)}`)).statusCode, `${list} ${t}`).toBe(200);
      }
    }
  });

  it("answers 404 for another clinic's ids, and changes nothing there", async () => {
    const before = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, other.clinicId), eq(patients.id, other.patientId)));
    expect((await call('GET', `/api/v1/patients/${other.patientId}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/v1/patients/${other.patientId}`, { name: 'Hacked' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/v1/followups', { patient_id: other.patientId })).statusCode).toBe(404);
    const after = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, other.clinicId), eq(patients.id, other.patientId)));
    expect(after).toEqual(before);
    const campaigns = await t.db
      .select()
      .from(followUpCampaigns)
      .where(eq(followUpCampaigns.patientId, other.patientId));
    expect(campaigns).toEqual([]);
    const list = await call('GET', '/api/v1/patients?search=Eva');
    expect(list.json().data).toEqual([]);
  });

  it('lists patients without counting them (the answer has no total)', async () => {
    await buildPatient(t, clinic.clinicId, { name: 'Counted Never' });
    statements.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('total');
    expect(statements.filter((sql) => /from "patients"/.test(sql))).toHaveLength(1);
    // Neither the kept count (ADR 009) nor a count of the rows.
    expect(statements.filter((sql) => /clinic_counts|count\(/.test(sql))).toEqual([]);
  });

  it('refuses a route outside the token scopes with 403', async () => {
    const client = await buildApiClient(t, clinic.owner, { scopes: ['patients:read', 'reviews:read'] });
    const readOnly = await buildAccessToken(t, client, 'patients:read');
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/patients',
      headers: { ...bearer(readOnly), 'content-type': 'application/json' },
      payload: { name: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('FORBIDDEN');
    expect(write.headers['www-authenticate']).toContain('insufficient_scope');
    // Asked for patients:read only: the client's reviews:read is not in this token.
    const reviews = await t.app.inject({ method: 'GET', url: '/api/v1/reviews', headers: bearer(readOnly) });
    expect(reviews.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/patients' });
    expect(anonymous.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(session.statusCode).toBe(401);
  });

  it('filters reviews by platform, rating and date', async () => {
    const reviewer = await buildClinic(t, { tier: 'professional' });
    const reviewerToken = await buildAccessToken(t, await buildApiClient(t, reviewer.owner));
    const old = new Date('2026-01-10T10:00:00Z');
    const recent = new Date('2026-03-10T10:00:00Z');
    const a = await buildReview(t, { clinicId: reviewer.clinicId, rating: 5, reviewDate: old });
    const b = await buildReview(t, { clinicId: reviewer.clinicId, rating: 2, reviewDate: recent });
    const c = await buildReview(t, {
      clinicId: reviewer.clinicId,
      rating: 5,
      reviewDate: recent,
      provider: 'google',
    });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reviews${query}`,
        headers: bearer(reviewerToken),
      });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((r: { review_id: string }) => r.review_id)
        .sort();
    };
    expect(await list('')).toEqual([a.review.id, b.review.id, c.review.id].sort());
    expect(await list('?platform=google')).toEqual([c.review.id]);
    expect(await list('?rating=5')).toEqual([a.review.id, c.review.id].sort());
    expect(await list('?since=2026-02-01T00:00:00Z')).toEqual([b.review.id, c.review.id].sort());
    expect(await list('?until=2026-02-01T00:00:00Z&platform=trustpilot')).toEqual([a.review.id]);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reviews',
      headers: bearer(reviewerToken),
    });
    expect(first.json().data[0]).toMatchObject({ platform: expect.any(String), rating: expect.any(Number) });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reviews?platform=yelp',
      headers: bearer(reviewerToken),
    });
    expect(bad.statusCode).toBe(400);
    // A swapped range is refused, as analytics refuses one, not answered with an empty page.
    const swapped = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reviews?since=2026-12-01T00:00:00Z&until=2026-01-01T00:00:00Z',
      headers: bearer(reviewerToken),
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().error.details[0].field).toBe('until');
  });

  it("answers the dashboard's KPIs and 12 weekly trends", async () => {
    const res = await call('GET', '/api/v1/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kpis.patients_total).toBeGreaterThanOrEqual(1);
    expect(body.kpis).toHaveProperty('average_rating');
    expect(body.kpis.response_rate).toBeNull();
    expect(body.trends).toHaveLength(12);
    expect(body.trends[0]).toMatchObject({ week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('answers the response rate: answered share of the messages that reached patients', async () => {
    const rated = await buildClinic(t, { tier: 'professional' });
    const own = await buildAccessToken(
      t,
      await buildApiClient(t, rated.owner, { scopes: ['analytics:read'] }),
    );
    const patient = await buildPatient(t, rated.clinicId, { phone: '+34612345671' });
    const message = (status: 'sent' | 'queued' | 'failed', answered: boolean) => ({
      clinicId: rated.clinicId,
      id: `msg_${randomBytes(6).toString('hex')}`,
      patientId: patient.id,
      channel: 'sms',
      messageContent: 'How are you feeling?',
      deliveryStatus: status,
      responseReceived: answered,
    });
    await t.db
      .insert(patientCommunications)
      .values([
        message('sent', true),
        message('sent', false),
        message('sent', false),
        message('sent', true),
        message('queued', false),
        message('failed', false),
      ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/analytics', headers: bearer(own) });
    expect(res.statusCode).toBe(200);
    expect(res.json().kpis.response_rate).toBe(0.5);
  });

  it('puts X-RateLimit headers on every answer and answers 429 with Retry-After past the hourly budget', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const own = await buildAccessToken(t, client);
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/analytics', headers: bearer(own) });
    expect(first.headers['x-ratelimit-limit']).toBe('1000');
    expect(first.headers['x-ratelimit-remaining']).toBe('999');
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 3600 + 1);
    const notFound = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients/P-none',
      headers: bearer(own),
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-ratelimit-remaining']).toBe('998');
    // Spend the rest of the hour's budget as other web processes would, through the shared counter.
    const key = apiRateLimitKey(clinic.clinicId, client.id);
    for (let i = 0; i < 998; i++) await countHit(t.db, key, 3_600_000);
    // This process learns of them within a second.
    clockAheadMs = 1000;
    const last = await t.app.inject({ method: 'GET', url: '/api/v1/analytics', headers: bearer(own) });
    clockAheadMs = 0;
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    // Another client of the same clinic has its own budget.
    expect((await call('GET', '/api/v1/analytics')).statusCode).toBe(200);
  });

  it('gives Enterprise clients 5,000 requests an hour', async () => {
    const enterprise = await buildClinic(t, { tier: 'enterprise' });
    const own = await buildAccessToken(t, await buildApiClient(t, enterprise.owner));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(own) });
    expect(res.headers['x-ratelimit-limit']).toBe('5000');
  });

  it('answers a repeated POST with the same Idempotency-Key and body from the stored answer', async () => {
    const key = `key-${randomBytes(6).toString('hex')}`;
    const body = { name: 'Idem Potent', phone: '+34600000001' };
    const first = await call('POST', '/api/v1/patients', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await call(
      'POST',
      '/api/v1/patients',
      { phone: body.phone, name: body.name },
      {
        'idempotency-key': key,
      },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const stored = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.name, 'Idem Potent')));
    expect(stored).toHaveLength(1);

    const different = await call(
      'POST',
      '/api/v1/patients',
      { name: 'Someone Else' },
      { 'idempotency-key': key },
    );
    expect(different.statusCode).toBe(422);
    expect(different.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Another client may use the same key for its own request.
    const otherClient = await t.app.inject({
      method: 'POST',
      url: '/api/v1/patients',
      headers: { ...bearer(other.token), 'content-type': 'application/json', 'idempotency-key': key },
      payload: { name: 'Other Clinic Patient' },
    });
    expect(otherClient.statusCode).toBe(201);
  });

  it('keeps an answer 24 hours, and answers 409 while the first request with the key still runs', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const own = await buildAccessToken(t, client);
    const post = (key: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/patients',
        headers: { ...bearer(own), 'content-type': 'application/json', 'idempotency-key': key },
        payload: { name },
      });
    const key = `key-${randomBytes(6).toString('hex')}`;
    expect((await post(key, 'First Day')).statusCode).toBe(201);
    const scope = and(
      eq(apiIdempotencyKeys.clinicId, clinic.clinicId),
      eq(apiIdempotencyKeys.apiClientId, client.id),
      eq(apiIdempotencyKeys.key, key),
    );
    await t.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(scope);
    const nextDay = await post(key, 'Next Day');
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.json().name).toBe('Next Day');

    const running = `key-${randomBytes(6).toString('hex')}`;
    await t.db.insert(apiIdempotencyKeys).values({
      clinicId: clinic.clinicId,
      apiClientId: client.id,
      key: running,
      requestHash: idempotencyRequestHash('POST', '/api/v1/patients', { name: 'Busy' }),
    });
    const busy = await post(running, 'Busy');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('CONFLICT');
    const bad = await post('has spaces', 'Bad Key');
    expect(bad.statusCode).toBe(400);
  });

  it('lets a retry take over a claim left unanswered past abandonedClaimMs, and run it once', async () => {
    const client = await buildApiClient(t, clinic.owner);
    const own = await buildAccessToken(t, client);
    const post = (key: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/patients',
        headers: { ...bearer(own), 'content-type': 'application/json', 'idempotency-key': key },
        payload: { name },
      });
    const namedCount = async (name: string) =>
      (
        await t.db
          .select()
          .from(patients)
          .where(and(eq(patients.clinicId, clinic.clinicId), eq(patients.name, name)))
      ).length;
    // The claim a request that crashed mid-way left behind.
    const claim = async (key: string, name: string, ageMs: number) => {
      const createdAt = new Date(Date.now() - ageMs);
      await t.db.insert(apiIdempotencyKeys).values({
        clinicId: clinic.clinicId,
        apiClientId: client.id,
        key,
        requestHash: idempotencyRequestHash('POST', '/api/v1/patients', { name }),
        createdAt,
      });
      return createdAt;
    };

    const fresh = `key-${randomBytes(6).toString('hex')}`;
    await claim(fresh, 'Still Running', abandonedClaimMs - 10_000);
    expect((await post(fresh, 'Still Running')).statusCode).toBe(409);
    expect(await namedCount('Still Running')).toBe(0);

    // Another request under an abandoned claim's key is still the key's misuse.
    const abandoned = `key-${randomBytes(6).toString('hex')}`;
    const crashedAt = await claim(abandoned, 'Crashed Midway', abandonedClaimMs + 1000);
    expect((await post(abandoned, 'Someone Else')).statusCode).toBe(422);

    // Two retries at once: one runs the request, the other is told it is running (or replays it).
    const [a, b] = await Promise.all([post(abandoned, 'Crashed Midway'), post(abandoned, 'Crashed Midway')]);
    const ran = [a, b].filter((res) => res.statusCode === 201 && !res.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    const other = ran[0] === a ? b : a;
    expect([409, 201]).toContain(other.statusCode);
    if (other.statusCode === 201) expect(other.json()).toEqual(ran[0]!.json());
    expect(await namedCount('Crashed Midway')).toBe(1);
    const replay = await post(abandoned, 'Crashed Midway');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(ran[0]!.json());
    expect(await namedCount('Crashed Midway')).toBe(1);

    // The crashed request, were it only slow, can neither overwrite nor free the retry's answer.
    const scope = { clinicId: clinic.clinicId, apiClientId: client.id, key: abandoned };
    await storeIdempotentAnswer(t.db, scope, crashedAt, { statusCode: 500, response: { late: true } });
    await releaseIdempotencyKey(t.db, scope, crashedAt);
    const after = await post(abandoned, 'Crashed Midway');
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual(ran[0]!.json());
  });

  it('stores a refusal under its key too, and without a key each POST runs', async () => {
    const key = `key-${randomBytes(6).toString('hex')}`;
    const bad = await call(
      'POST',
      '/api/v1/followups',
      { patient_id: 'P-missing' },
      { 'idempotency-key': key },
    );
    expect(bad.statusCode).toBe(404);
    const replay = await call(
      'POST',
      '/api/v1/followups',
      { patient_id: 'P-missing' },
      { 'idempotency-key': key },
    );
    expect(replay.statusCode).toBe(404);
    // The refusal replayed, under the id of the request that asked again (its header says the same).
    const { request_id: badId, ...refusal } = bad.json().error;
    expect(badId).toBe(bad.headers['x-request-id']);
    expect(replay.json()).toEqual({ error: { ...refusal, request_id: replay.headers['x-request-id'] } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const one = await call('POST', '/api/v1/patients', { name: 'No Key' });
    const two = await call('POST', '/api/v1/patients', { name: 'No Key' });
    expect(one.json().id).not.toBe(two.json().id);
  });

  describe('follow-ups', () => {
    async function readyClinic() {
      const ready = await buildClinic(t, { tier: 'professional' });
      const headers = jsonHeaders({ cookie: ready.owner.cookie });
      const sms = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/sms',
        headers,
        payload: {
          provider: 'twilio',
          accountSid: `AC${'1'.repeat(32)}`,
          authToken: 'x'.repeat(32),
          fromNumber: '+14155552671',
        },
      });
      expect(sms.statusCode).toBe(200);
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/automation/settings',
        headers,
        payload: { quietHours: { sendFrom: '00:00', sendUntil: '23:59' } },
      });
      expect(saved.statusCode).toBe(200);
      const own = await buildAccessToken(t, await buildApiClient(t, ready.owner));
      return { ...ready, token: own };
    }

    const start = (own: string, patientId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/followups',
        headers: { ...bearer(own), 'content-type': 'application/json' },
        payload: { patient_id: patientId },
      });

    it('starts a sequence: the due follow-up is queued and the campaign is scheduled', async () => {
      const ready = await readyClinic();
      const patient = await buildPatient(t, ready.clinicId, {
        phone: '+34612345678',
        createdAt: new Date(Date.now() - dayMs),
      });
      const res = await start(ready.token, patient.id);
      expect(res.statusCode).toBe(201);
      const campaign = res.json();
      expect(campaign).toMatchObject({
        patient_id: patient.id,
        status: 'scheduled',
        reason: null,
        channel: 'sms',
      });
      expect(campaign.id).toMatch(/^cmp_/);
      expect(campaign.messages).toEqual([
        expect.objectContaining({ channel: 'sms', status: 'queued', schedule_day: 1 }),
      ]);
      // Starting it again plans nothing twice.
      const again = await start(ready.token, patient.id);
      expect(again.json().messages).toHaveLength(1);
    });

    it('honours opt-outs and missing phones: blocked with the reason, nothing queued', async () => {
      const ready = await readyClinic();
      const optedOut = await buildPatient(t, ready.clinicId, {
        phone: '+34612345679',
        createdAt: new Date(Date.now() - dayMs),
      });
      await t.db
        .update(patients)
        .set({ smsOptedOutAt: new Date(), smsOptOutSource: 'patient_reply' })
        .where(and(eq(patients.clinicId, ready.clinicId), eq(patients.id, optedOut.id)));
      const res = await start(ready.token, optedOut.id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'blocked',
        reason: 'opted_out',
        channel: null,
        messages: [],
      });

      const noPhone = await buildPatient(t, ready.clinicId, { createdAt: new Date(Date.now() - dayMs) });
      expect((await start(ready.token, noPhone.id)).json()).toMatchObject({
        status: 'blocked',
        reason: 'no_phone',
      });
    });

    it('is blocked when no channel can send (nothing set up)', async () => {
      const patient = await buildPatient(t, clinic.clinicId, { phone: '+34612345670' });
      const res = await call('POST', '/api/v1/followups', { patient_id: patient.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'blocked', reason: 'no_channel', messages: [] });
    });
  });

  it('does not serve a clinic whose plan has no API access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(other.token) });
    expect(res.statusCode).toBe(200);
    await t.db.update(clinics).set({ subscriptionTier: 'starter' }).where(eq(clinics.id, other.clinicId));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/patients',
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This feature requires Professional or Enterprise plan');
  });
});
