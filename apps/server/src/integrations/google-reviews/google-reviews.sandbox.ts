import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GoogleStarRating } from './google-reviews.client';

/** A review as the fake stores it: the v4 `Review` wire shape (providers.md §2.3). */
export type SandboxGoogleReview = {
  reviewId: string;
  reviewer: { displayName: string; isAnonymous?: boolean; profilePhotoUrl?: string };
  starRating: GoogleStarRating;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
};

type SandboxGoogleFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'malformed' };

export type GoogleReviewsSandboxState = {
  clientId: string;
  clientSecret: string;
  refreshTokens: Set<string>;
  accessTokens: Set<string>;
  /** `accounts/{a}/locations/{l}` → reviews. */
  locations: Map<string, SandboxGoogleReview[]>;
  faults: SandboxGoogleFault[];
  requests: string[];
};

export function createGoogleReviewsSandboxState(
  client: { clientId: string; clientSecret: string } = {
    clientId: googleSandboxDemo.clientId,
    clientSecret: googleSandboxDemo.clientSecret,
  },
): GoogleReviewsSandboxState {
  return {
    ...client,
    refreshTokens: new Set(),
    accessTokens: new Set(),
    locations: new Map(),
    faults: [],
    requests: [],
  };
}

/** The demo clinic's Google credentials in sandbox mode (they open only the fake). */
export const googleSandboxDemo = {
  clientId: 'sandbox-google-client.apps.googleusercontent.com',
  clientSecret: 'sandbox-google-client-secret',
  refreshToken: 'sandbox-google-demo-refresh-token',
  accountId: '1000000000000000001',
  locationId: '2000000000000000002',
} as const;

export const locationKey = (accountId: string, locationId: string) =>
  `accounts/${accountId}/locations/${locationId}`;

export function createDemoGoogleReviewsSandboxState(now = new Date()): GoogleReviewsSandboxState {
  const state = createGoogleReviewsSandboxState();
  state.refreshTokens.add(googleSandboxDemo.refreshToken);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  state.locations.set(locationKey(googleSandboxDemo.accountId, googleSandboxDemo.locationId), [
    {
      reviewId: 'demo-google-1',
      reviewer: { displayName: 'Ayşe D.' },
      starRating: 'FIVE',
      comment: 'Kanal tedavisi hiç acımadı, çok teşekkürler.',
      createTime: at(1),
      updateTime: at(1),
    },
    {
      reviewId: 'demo-google-2',
      reviewer: { displayName: 'A Google user', isAnonymous: true },
      starRating: 'ONE',
      comment: 'Waited an hour past my appointment.',
      createTime: at(4),
      updateTime: at(4),
    },
  ]);
  return state;
}

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const googleError = (reply: FastifyReply, code: number, message: string) =>
  reply.status(code).send({ error: { code, message, status: statusNames[code] ?? 'UNKNOWN', details: [] } });

const encodePageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const decodePageToken = (token: string): number | null => {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
};

const ratingValue = (rating: GoogleStarRating) =>
  ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].indexOf(rating);

/**
 * A wire-compatible fake of Google's OAuth token endpoint (`<prefix>/token`) and the v4 reviews API
 * (`<prefix>/v4/...`), checking what providers.md §2.5 lists.
 */
export function googleReviewsSandbox(state: GoogleReviewsSandboxState) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // The fake is not part of our API: kept out of the OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook('onRequest', async (request) => {
      state.requests.push(`${request.method} ${request.url}`);
    });
    app.addHook('preHandler', async (request, reply) => {
      if (request.url.endsWith('/token')) return;
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !state.accessTokens.has(token))
        return googleError(reply, 401, 'Request had invalid authentication credentials.');
    });

    app.post('/token', async (request, reply) => {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return reply.status(400).send({ error: 'invalid_request' });
      const form = (request.body ?? {}) as Record<string, string>;
      if (form.grant_type !== 'refresh_token')
        return reply.status(400).send({ error: 'unsupported_grant_type' });
      if (form.client_id !== state.clientId || form.client_secret !== state.clientSecret)
        return reply.status(401).send({ error: 'invalid_client' });
      if (!form.refresh_token || !state.refreshTokens.has(form.refresh_token))
        return reply.status(400).send({ error: 'invalid_grant' });
      const accessToken = `ya29.sandbox-${randomBytes(16).toString('hex')}`;
      state.accessTokens.add(accessToken);
      return {
        access_token: accessToken,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/business.manage',
      };
    });

    app.get('/v4/accounts/:accountId/locations/:locationId/reviews', async (request, reply) => {
      const { accountId, locationId } = request.params as { accountId: string; locationId: string };
      const reviews = state.locations.get(locationKey(accountId, locationId));
      if (!reviews) return googleError(reply, 404, 'Requested entity was not found.');
      const fault = state.faults.shift();
      if (fault?.kind === 'status') {
        if (fault.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        return googleError(reply, fault.status, 'Sandbox fault');
      }
      if (fault?.kind === 'malformed') return { reviews: [{ reviewId: 'x', starRating: 'SIX' }] };

      const query = request.query as Query;
      const pageSize = Number(first(query.pageSize) ?? '50');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
        return googleError(reply, 400, 'pageSize must be between 1 and 50.');
      const orderBy = first(query.orderBy) ?? 'updateTime desc';
      if (!['updateTime desc', 'rating', 'rating desc'].includes(orderBy))
        return googleError(reply, 400, `Invalid orderBy: ${orderBy}`);
      const token = first(query.pageToken);
      const offset = token ? decodePageToken(token) : 0;
      if (offset === null) return googleError(reply, 400, 'Invalid page token.');

      const sorted = [...reviews].sort((a, b) => {
        if (orderBy === 'rating') return ratingValue(a.starRating) - ratingValue(b.starRating);
        if (orderBy === 'rating desc') return ratingValue(b.starRating) - ratingValue(a.starRating);
        return Date.parse(b.updateTime) - Date.parse(a.updateTime) || a.reviewId.localeCompare(b.reviewId);
      });
      const slice = sorted.slice(offset, offset + pageSize);
      const next = offset + pageSize < sorted.length ? encodePageToken(offset + pageSize) : undefined;
      const average = reviews.length
        ? reviews.reduce((sum, r) => sum + ratingValue(r.starRating), 0) / reviews.length
        : 0;
      return {
        reviews: slice.map((r) => ({
          name: `${locationKey(accountId, locationId)}/reviews/${r.reviewId}`,
          ...r,
        })),
        averageRating: average,
        totalReviewCount: reviews.length,
        ...(next ? { nextPageToken: next } : {}),
      };
    });

    app.get('/v4/accounts/:accountId/locations/:locationId/reviews/:reviewId', async (request, reply) => {
      const { accountId, locationId, reviewId } = request.params as Record<string, string>;
      const review = state.locations
        .get(locationKey(accountId ?? '', locationId ?? ''))
        ?.find((r) => r.reviewId === reviewId);
      if (!review) return googleError(reply, 404, 'Requested entity was not found.');
      return {
        name: `${locationKey(accountId ?? '', locationId ?? '')}/reviews/${review.reviewId}`,
        ...review,
      };
    });

    app.put(
      '/v4/accounts/:accountId/locations/:locationId/reviews/:reviewId/reply',
      async (request, reply) => {
        const { accountId, locationId, reviewId } = request.params as Record<string, string>;
        const review = state.locations
          .get(locationKey(accountId ?? '', locationId ?? ''))
          ?.find((r) => r.reviewId === reviewId);
        if (!review) return googleError(reply, 404, 'Requested entity was not found.');
        const comment = (request.body as { comment?: unknown } | null)?.comment;
        if (typeof comment !== 'string' || comment.trim() === '')
          return googleError(reply, 400, 'comment is required.');
        if (Buffer.byteLength(comment, 'utf8') > 4096)
          return googleError(reply, 400, 'comment must be at most 4096 bytes.');
        review.reviewReply = { comment, updateTime: new Date().toISOString() };
        return review.reviewReply;
      },
    );
  };
}
