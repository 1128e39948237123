import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleReview, type ReviewSandboxes, startReviewSandboxes } from '../../testing/build-review-source';
import { createProviderHttp } from '../http/provider-http';
import { createGoogleReviewsClient, starRatingToNumber } from './google-reviews.client';
import { locationKey } from './google-reviews.sandbox';

let sandboxes: ReviewSandboxes;
const refreshToken = '1//google-client-test';
const accountId = '111';
const locationId = '222';
const reviews = Array.from({ length: 12 }, (_, i) =>
  googleReview({ daysAgo: i + 1, starRating: (['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const)[i % 5] }),
);

beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  sandboxes.google.refreshTokens.add(refreshToken);
  sandboxes.google.locations.set(locationKey(accountId, locationId), reviews);
});
afterAll(() => sandboxes?.close());

const client = (overrides: { clientSecret?: string } = {}) =>
  createGoogleReviewsClient({
    baseUrl: sandboxes.googleUrl,
    tokenUrl: sandboxes.googleTokenUrl,
    clientId: sandboxes.google.clientId,
    clientSecret: overrides.clientSecret ?? sandboxes.google.clientSecret,
    http: createProviderHttp('google', { baseDelayMs: 5, maxRetries: 2 }),
  });

describe('Google reviews client against the sandbox', () => {
  it('refreshes a token and pages with nextPageToken until it is absent, mapping star words to numbers', async () => {
    const c = client();
    const accessToken = await c.refreshAccessToken(refreshToken);
    const seen: number[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await c.listReviews({ accessToken, accountId, locationId, pageSize: 5, pageToken });
      seen.push(...page.reviews.map((r) => r.rating ?? 0));
      pageToken = page.nextPageToken ?? undefined;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual(reviews.map((r) => starRatingToNumber(r.starRating)));
  });

  it('maps an unknown token to unauthorized, a bad client to unauthorized, an unknown location to not found', async () => {
    await expect(
      client().listReviews({ accessToken: 'ya29.nope', accountId, locationId }),
    ).rejects.toMatchObject({ provider: 'google', kind: 'unauthorized', status: 401 });
    await expect(client({ clientSecret: 'wrong' }).refreshAccessToken(refreshToken)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(client().refreshAccessToken('1//unknown')).rejects.toMatchObject({ kind: 'bad_request' });
    const accessToken = await client().refreshAccessToken(refreshToken);
    await expect(client().listReviews({ accessToken, accountId, locationId: '999' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('maps STAR_RATING_UNSPECIFIED to null', () => {
    expect(starRatingToNumber('STAR_RATING_UNSPECIFIED')).toBeNull();
    expect(starRatingToNumber('THREE')).toBe(3);
  });
});

describe('Google reviews client: replying to a review', () => {
  it('PUTs the reply, reads back the stored comment and time, and later lists show reviewReply', async () => {
    const c = client();
    const accessToken = await c.refreshAccessToken(refreshToken);
    const target = reviews[5]!;
    const before = Date.now();
    const saved = await c.postReply({
      accessToken,
      accountId,
      locationId,
      reviewId: target.reviewId,
      comment: 'Gracias por su opinión.',
    });
    expect(saved.comment).toBe('Gracias por su opinión.');
    expect(saved.updateTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(sandboxes.google.requests.at(-1)).toBe(
      `PUT /sandbox/google-reviews/v4/accounts/${accountId}/locations/${locationId}/reviews/${encodeURIComponent(target.reviewId)}/reply`,
    );
    const listed = await fetch(
      `${sandboxes.googleUrl}/accounts/${accountId}/locations/${locationId}/reviews`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    const body = (await listed.json()) as {
      reviews: { reviewId: string; reviewReply?: { comment: string } }[];
    };
    expect(body.reviews.find((r) => r.reviewId === target.reviewId)?.reviewReply?.comment).toBe(
      'Gracias por su opinión.',
    );
  });

  it('maps a bad token to unauthorized, an unknown review to not found and an over-long reply to bad request', async () => {
    const c = client();
    const accessToken = await c.refreshAccessToken(refreshToken);
    const input = { accessToken, accountId, locationId, reviewId: reviews[6]!.reviewId, comment: 'Thanks' };
    await expect(c.postReply({ ...input, accessToken: 'ya29.nope' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(c.postReply({ ...input, reviewId: 'missing' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(c.postReply({ ...input, comment: 'x'.repeat(4097) })).rejects.toMatchObject({
      kind: 'bad_request',
    });
    expect(reviews[6]!.reviewReply).toBeUndefined();
  });
});

describe('Google sandbox checks what providers.md §2.5 lists', () => {
  it('answers the Google error shape, rejects pageSize over 50 and unknown orderBy, and stores replies', async () => {
    const accessToken = await client().refreshAccessToken(refreshToken);
    const auth = { authorization: `Bearer ${accessToken}` };
    const list = `${sandboxes.googleUrl}/accounts/${accountId}/locations/${locationId}/reviews`;
    const unauth = await fetch(list);
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    expect((await fetch(`${list}?pageSize=51`, { headers: auth })).status).toBe(400);
    expect((await fetch(`${list}?orderBy=stars`, { headers: auth })).status).toBe(400);
    const byRating = (await (
      await fetch(`${list}?orderBy=${encodeURIComponent('rating desc')}`, { headers: auth })
    ).json()) as {
      reviews: { starRating: string; createTime: string; name: string }[];
    };
    expect(byRating.reviews[0]!.starRating).toBe('FIVE');
    expect(byRating.reviews[0]!.createTime.endsWith('Z')).toBe(true);
    expect(byRating.reviews[0]!.name).toMatch(/^accounts\/111\/locations\/222\/reviews\//);

    const reply = `${list}/${reviews[0]!.reviewId}/reply`;
    const json = { ...auth, 'content-type': 'application/json' };
    const tooLong = JSON.stringify({ comment: 'ş'.repeat(2049) });
    expect((await fetch(reply, { method: 'PUT', headers: json, body: tooLong })).status).toBe(400);
    const ok = await fetch(reply, { method: 'PUT', headers: json, body: '{"comment":"Thanks!"}' });
    expect(await ok.json()).toMatchObject({ comment: 'Thanks!' });
    expect(reviews[0]!.reviewReply?.comment).toBe('Thanks!');
    expect(
      (await fetch(`${list}/nope/reply`, { method: 'PUT', headers: json, body: '{"comment":"x"}' })).status,
    ).toBe(404);
  });
});
