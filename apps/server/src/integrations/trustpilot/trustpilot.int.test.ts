import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { createProviderHttp } from '../http/provider-http';
import { createTrustpilotClient } from './trustpilot.client';

let sandboxes: ReviewSandboxes;
const apiKey = 'tp-client-test-key';
const businessUnitId = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const reviews = Array.from({ length: 7 }, (_, i) =>
  trustpilotReview({ stars: (i % 5) + 1, daysAgo: i + 1, language: i % 2 ? 'es' : 'en' }),
);

beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  sandboxes.trustpilot.apiKeys.add(apiKey);
  sandboxes.trustpilot.clients.set(apiKey, 'tp-secret');
  sandboxes.trustpilot.businessUnits.set(businessUnitId, {
    id: businessUnitId,
    domain: 'smile.example',
    displayName: 'Smile Clinic',
    reviews,
  });
});
afterAll(() => sandboxes?.close());

const client = () =>
  createTrustpilotClient({
    baseUrl: sandboxes.trustpilotUrl,
    http: createProviderHttp('trustpilot', { baseDelayMs: 5, maxRetries: 2 }),
  });
const raw = (path: string, headers: Record<string, string> = { apikey: apiKey }) =>
  fetch(`${sandboxes.trustpilotUrl}${path}`, { headers });

describe('Trustpilot client against the sandbox', () => {
  it('lists a page of reviews newest first, with the apikey header, mapped to our shape', async () => {
    const page = await client().listReviews({ apiKey, businessUnitId, page: 1, perPage: 3 });
    expect(page.map((r) => r.id)).toEqual(reviews.slice(0, 3).map((r) => r.id));
    expect(page[0]).toMatchObject({
      stars: reviews[0]!.stars,
      consumerName: reviews[0]!.consumer.displayName,
      language: 'en',
    });
    expect(page[0]!.createdAt).toBeInstanceOf(Date);
    const past = await client().listReviews({ apiKey, businessUnitId, page: 9, perPage: 3 });
    expect(past).toEqual([]);
  });

  it('maps a wrong key to an unauthorized error and an unknown business unit to not found', async () => {
    await expect(client().listReviews({ apiKey: 'wrong', businessUnitId, page: 1 })).rejects.toMatchObject({
      provider: 'trustpilot',
      kind: 'unauthorized',
      status: 401,
    });
    await expect(
      client().listReviews({ apiKey, businessUnitId: 'ffffffffffffffffffffffff', page: 1 }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('finds a business unit by domain; an unknown domain is not found', async () => {
    expect(await client().findBusinessUnit({ apiKey, domain: 'smile.example' })).toEqual({
      id: businessUnitId,
      displayName: 'Smile Clinic',
    });
    await expect(client().findBusinessUnit({ apiKey, domain: 'nope.example' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('rejects a malformed page as an invalid response', async () => {
    sandboxes.trustpilot.faults.push({ kind: 'malformed' });
    await expect(client().listReviews({ apiKey, businessUnitId, page: 1 })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('reads zone-less and fractional timestamps as UTC', async () => {
    const id = 'b2b2b2b2b2b2b2b2b2b2b2b2';
    sandboxes.trustpilot.businessUnits.set(id, {
      id,
      domain: 'dates.example',
      displayName: 'Dates',
      reviews: [
        trustpilotReview({ createdAt: '2013-09-07T13:37:00' }),
        trustpilotReview({ createdAt: '2013-09-06T13:37:00.123456Z' }),
      ],
    });
    const page = await client().listReviews({ apiKey, businessUnitId: id, page: 1 });
    expect(page.map((r) => r.createdAt.toISOString())).toEqual([
      '2013-09-07T13:37:00.000Z',
      '2013-09-06T13:37:00.123Z',
    ]);
  });
});

describe('Trustpilot client: replying to a review (private API)', () => {
  it('gets a client_credentials token and posts a reply that later lists show as companyReply', async () => {
    const c = client();
    const accessToken = await c.requestAccessToken({ apiKey, apiSecret: 'tp-secret' });
    const target = reviews[3]!;
    await c.postReply({
      accessToken,
      reviewId: target.id,
      authorBusinessUserId: 'business-user-1',
      message: 'Thank you for your feedback.',
    });
    expect(target.companyReply?.text).toBe('Thank you for your feedback.');
    const listed = await raw(`/business-units/${businessUnitId}/reviews?perPage=100`);
    const body = (await listed.json()) as { reviews: { id: string; companyReply?: { text: string } }[] };
    expect(body.reviews.find((r) => r.id === target.id)?.companyReply?.text).toBe(
      'Thank you for your feedback.',
    );
    expect(sandboxes.trustpilot.requests.at(-2)).toBe(
      `POST /sandbox/trustpilot/v1/private/reviews/${target.id}/reply`,
    );
  });

  it('maps a wrong secret to unauthorized, a bad token to unauthorized and an unknown review to not found', async () => {
    const c = client();
    await expect(c.requestAccessToken({ apiKey, apiSecret: 'wrong' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const reply = { reviewId: reviews[0]!.id, authorBusinessUserId: 'u', message: 'Hello' };
    await expect(c.postReply({ ...reply, accessToken: 'not-issued' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const accessToken = await c.requestAccessToken({ apiKey, apiSecret: 'tp-secret' });
    await expect(c.postReply({ ...reply, accessToken, reviewId: 'no-such-review' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(c.postReply({ ...reply, accessToken, message: ' ' })).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});

describe('Trustpilot sandbox checks what providers.md §1.6 lists', () => {
  it('accepts the apikey as a query parameter too, and answers 401 without one', async () => {
    expect((await raw(`/business-units/${businessUnitId}/reviews?apikey=${apiKey}`, {})).status).toBe(200);
    expect((await raw(`/business-units/${businessUnitId}/reviews`, {})).status).toBe(401);
  });

  it('enforces perPage 1..100 and filters by stars (repeated and comma forms) and language', async () => {
    expect((await raw(`/business-units/${businessUnitId}/reviews?perPage=101`)).status).toBe(400);
    expect((await raw(`/business-units/${businessUnitId}/reviews?perPage=0`)).status).toBe(400);
    const stars = async (query: string) =>
      (
        (await (await raw(`/business-units/${businessUnitId}/reviews?${query}`)).json()) as {
          reviews: { stars: number; language: string }[];
        }
      ).reviews;
    const repeated = await stars('stars=5&stars=4');
    expect(repeated.length).toBeGreaterThan(0);
    expect(repeated.every((r) => r.stars >= 4)).toBe(true);
    expect(await stars('stars=5,4')).toEqual(repeated);
    expect((await stars('language=es')).every((r) => r.language === 'es')).toBe(true);
    const ascending = await stars('orderBy=stars.asc');
    expect(ascending[0]!.stars).toBe(1);
  });

  it('issues tokens only for Basic key:secret with a form body and a known grant, and stores replies', async () => {
    const tokenUrl = `${sandboxes.trustpilotUrl}/oauth/oauth-business-users-for-applications/accesstoken`;
    const basic = `Basic ${Buffer.from(`${apiKey}:tp-secret`).toString('base64')}`;
    const form = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' };
    expect((await fetch(tokenUrl, { method: 'POST', headers: form, body: 'grant_type=magic' })).status).toBe(
      400,
    );
    expect(
      (
        await fetch(tokenUrl, {
          method: 'POST',
          headers: { ...form, authorization: `Basic ${Buffer.from(`${apiKey}:bad`).toString('base64')}` },
          body: 'grant_type=client_credentials',
        })
      ).status,
    ).toBe(401);
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: form,
      body: 'grant_type=client_credentials',
    });
    const token = (await res.json()) as { access_token: string; expires_in: string; refresh_token?: string };
    expect(token.expires_in).toBe('359999');
    expect(token.refresh_token).toBeUndefined();

    const replyUrl = `${sandboxes.trustpilotUrl}/private/reviews/${reviews[0]!.id}/reply`;
    const json = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    expect((await fetch(replyUrl, { method: 'POST', headers: json, body: '{"message":""}' })).status).toBe(
      400,
    );
    const body = JSON.stringify({ message: 'Thank you', authorBusinessUserId: 'bu-user' });
    expect(
      (await fetch(replyUrl, { method: 'POST', headers: { ...json, authorization: 'Bearer x' }, body }))
        .status,
    ).toBe(401);
    expect((await fetch(replyUrl, { method: 'POST', headers: json, body })).status).toBe(201);
    expect(reviews[0]!.companyReply?.text).toBe('Thank you');
  });
});
