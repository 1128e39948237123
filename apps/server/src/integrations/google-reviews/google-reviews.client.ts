import { z } from 'zod';
import { providerDateSchema } from '../http/provider-dates';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

/** The current documentation caps a reviews page at 50 (providers.md §2.3). */
const googleReviewsMaxPageSize = 50;

/**
 * Google's errors: the OAuth token endpoint's `{"error":"invalid_grant","error_description"}` (a
 * revoked or expired refresh token) and the API's `{"error":{"code","message","status"}}`.
 */
export const describeGoogleError: ProviderErrorDescriber = (body) => {
  const oauth = z.object({ error: z.string(), error_description: z.string().optional() }).safeParse(body);
  if (oauth.success) return { code: oauth.data.error, reason: oauth.data.error_description ?? null };
  const api = z
    .object({ error: z.object({ message: z.string().optional(), status: z.string().optional() }) })
    .safeParse(body);
  if (!api.success) return null;
  return { code: api.data.error.status ?? null, reason: api.data.error.message ?? null };
};

const googleStarRatings = ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type GoogleStarRating = (typeof googleStarRatings)[number];

/** ONE..FIVE → 1..5; unspecified → null (a review without a usable rating). */
export function starRatingToNumber(rating: GoogleStarRating): number | null {
  const index = googleStarRatings.indexOf(rating);
  return index >= 1 ? index : null;
}

const googleReviewsOrderBy = ['updateTime desc', 'rating', 'rating desc'] as const;
export type GoogleReviewsOrderBy = (typeof googleReviewsOrderBy)[number];

const wireReviewSchema = z.object({
  name: z.string().min(1),
  reviewId: z.string().min(1).max(300),
  reviewer: z.object({ displayName: z.string().nullish(), isAnonymous: z.boolean().nullish() }).nullish(),
  starRating: z.enum(googleStarRatings),
  comment: z.string().nullish(),
  createTime: providerDateSchema,
  updateTime: providerDateSchema,
  reviewReply: z.object({ comment: z.string(), updateTime: providerDateSchema.nullish() }).nullish(),
});

const listReviewsSchema = z.object({
  reviews: z.array(wireReviewSchema).optional(),
  nextPageToken: z.string().min(1).optional(),
});

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string()]).optional(),
});

const reviewReplySchema = z.object({ comment: z.string(), updateTime: providerDateSchema.optional() });

export type GoogleReviewReply = { comment: string; updateTime: Date | null };

export type GoogleReview = {
  reviewId: string;
  /** 1–5, or null for STAR_RATING_UNSPECIFIED. */
  rating: number | null;
  comment: string | null;
  reviewerName: string | null;
  isAnonymous: boolean;
  createTime: Date;
  updateTime: Date;
  /** The owner's public reply already on the review (`reviewReply`), null when none. */
  reply: { text: string; at: Date | null } | null;
};

const toReview = (r: z.infer<typeof wireReviewSchema>): GoogleReview => ({
  reviewId: r.reviewId,
  rating: starRatingToNumber(r.starRating),
  comment: r.comment ?? null,
  reviewerName: r.reviewer?.displayName ?? null,
  isAnonymous: r.reviewer?.isAnonymous ?? false,
  createTime: r.createTime,
  updateTime: r.updateTime,
  reply:
    r.reviewReply && r.reviewReply.comment.trim() !== ''
      ? { text: r.reviewReply.comment, at: r.reviewReply.updateTime ?? null }
      : null,
});

export type GoogleReviewsClientConfig = {
  /** e.g. https://mybusiness.googleapis.com/v4 (GOOGLE_BUSINESS_API_URL). */
  baseUrl: string;
  /** e.g. https://oauth2.googleapis.com/token (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  http: ProviderHttp;
};

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw new ProviderError('google', 'invalid_response', `Google sent an unreadable ${what} (${where})`);
  }
  return parsed.data;
}

/** Google Business Profile reviews (My Business API v4) with OAuth user credentials: HTTP and mapping only. */
export function createGoogleReviewsClient(config: GoogleReviewsClientConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const enc = encodeURIComponent;

  return {
    /** A short-lived access token from the clinic's refresh token. */
    async refreshAccessToken(refreshToken: string): Promise<string> {
      const response = await config.http.request({
        method: 'POST',
        url: config.tokenUrl,
        form: {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        },
        isIdempotent: true,
      });
      return parseOrThrow(tokenSchema, response.body, 'token response').access_token;
    },

    /** One page of a location's reviews; `nextPageToken` is absent on the last page. */
    async listReviews(input: {
      accessToken: string;
      accountId: string;
      locationId: string;
      pageToken?: string;
      pageSize?: number;
      orderBy?: GoogleReviewsOrderBy;
    }): Promise<{ reviews: GoogleReview[]; nextPageToken: string | null }> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/accounts/${enc(input.accountId)}/locations/${enc(input.locationId)}/reviews`,
        headers: { authorization: `Bearer ${input.accessToken}` },
        query: {
          pageSize: input.pageSize ?? googleReviewsMaxPageSize,
          pageToken: input.pageToken,
          orderBy: input.orderBy ?? 'updateTime desc',
        },
      });
      const page = parseOrThrow(listReviewsSchema, response.body, 'reviews page');
      return {
        reviews: (page.reviews ?? []).map(toReview),
        nextPageToken: page.nextPageToken ?? null,
      };
    },

    /** One review as Google shows it now (`GET .../reviews/{reviewId}`, providers.md §2.3). */
    async getReview(input: {
      accessToken: string;
      accountId: string;
      locationId: string;
      reviewId: string;
    }): Promise<GoogleReview> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/accounts/${enc(input.accountId)}/locations/${enc(input.locationId)}/reviews/${enc(input.reviewId)}`,
        headers: { authorization: `Bearer ${input.accessToken}` },
      });
      return toReview(parseOrThrow(wireReviewSchema, response.body, 'review'));
    },

    /** Creates or replaces the owner's reply (`PUT .../reviews/{id}/reply`, providers.md §2.3). */
    async postReply(input: {
      accessToken: string;
      accountId: string;
      locationId: string;
      reviewId: string;
      comment: string;
    }): Promise<GoogleReviewReply> {
      const response = await config.http.request({
        method: 'PUT',
        url: `${base}/accounts/${enc(input.accountId)}/locations/${enc(input.locationId)}/reviews/${enc(input.reviewId)}/reply`,
        headers: { authorization: `Bearer ${input.accessToken}` },
        json: { comment: input.comment },
      });
      const reply = parseOrThrow(reviewReplySchema, response.body, 'review reply');
      return { comment: reply.comment, updateTime: reply.updateTime ?? null };
    },
  };
}

export type GoogleReviewsClient = ReturnType<typeof createGoogleReviewsClient>;
