import { z } from 'zod';
import { providerDateSchema } from '../http/provider-dates';
import { ProviderError, type ProviderHttp } from '../http/provider-http';

/** Trustpilot allows 1–100 reviews per page (providers.md §1.3). */
export const trustpilotMaxPerPage = 100;

const trustpilotOrderBy = ['createdat.asc', 'createdat.desc', 'stars.asc', 'stars.desc'] as const;
export type TrustpilotOrderBy = (typeof trustpilotOrderBy)[number];

const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The fields we use from a public review; anything else Trustpilot sends is ignored. */
const wireReviewSchema = z.object({
  id: z.string().min(1).max(200),
  stars: z.number().int().min(1).max(5),
  title: nullableText,
  text: nullableText,
  language: nullableText,
  createdAt: providerDateSchema,
  consumer: z
    .object({ displayName: nullableText })
    .nullish()
    .transform((c) => c ?? { displayName: null }),
  companyReply: z
    .object({ text: z.string(), createdAt: providerDateSchema.nullish() })
    .nullish()
    .transform((r) => (r && r.text.trim() !== '' ? { text: r.text, at: r.createdAt ?? null } : null)),
});

const reviewsPageSchema = z.object({ reviews: z.array(wireReviewSchema) });

const businessUnitSchema = z.object({
  id: z.string().min(1),
  displayName: nullableText,
  name: z.object({ identifying: nullableText }).nullish(),
});

export type TrustpilotReview = {
  id: string;
  stars: number;
  title: string | null;
  text: string | null;
  language: string | null;
  createdAt: Date;
  consumerName: string | null;
  /** The company's public reply already on the review (`companyReply`), null when none. */
  companyReply: { text: string; at: Date | null } | null;
};

const toReview = (r: z.infer<typeof wireReviewSchema>): TrustpilotReview => ({
  id: r.id,
  stars: r.stars,
  title: r.title,
  text: r.text,
  language: r.language,
  createdAt: r.createdAt,
  consumerName: r.consumer.displayName,
  companyReply: r.companyReply,
});

export type TrustpilotBusinessUnit = { id: string; displayName: string | null };

// `expires_in` comes as a string in Trustpilot's own example (providers.md §1.1).
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string()]).optional(),
});

export type TrustpilotClientConfig = {
  /** e.g. https://api.trustpilot.com/v1 (TRUSTPILOT_API_URL). */
  baseUrl: string;
  http: ProviderHttp;
};

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'body';
    throw new ProviderError(
      'trustpilot',
      'invalid_response',
      `Trustpilot sent an unreadable ${what} (${where})`,
    );
  }
  return parsed.data;
}

/** Trustpilot's public API with an API key (providers.md §1): HTTP and mapping only. */
export function createTrustpilotClient(config: TrustpilotClientConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const enc = encodeURIComponent;

  return {
    /** One page of a business unit's public reviews; a page past the end is empty. */
    async listReviews(input: {
      apiKey: string;
      businessUnitId: string;
      page: number;
      perPage?: number;
      orderBy?: TrustpilotOrderBy;
    }): Promise<TrustpilotReview[]> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/business-units/${enc(input.businessUnitId)}/reviews`,
        headers: { apikey: input.apiKey },
        query: {
          page: input.page,
          perPage: input.perPage ?? trustpilotMaxPerPage,
          orderBy: input.orderBy ?? 'createdat.desc',
        },
      });
      const page = parseOrThrow(reviewsPageSchema, response.body, 'reviews page');
      return page.reviews.map(toReview);
    },

    /** One review as Trustpilot shows it now (`GET /v1/reviews/{reviewId}`, providers.md §1.3). */
    async getReview(input: { apiKey: string; reviewId: string }): Promise<TrustpilotReview> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/reviews/${enc(input.reviewId)}`,
        headers: { apikey: input.apiKey },
      });
      return toReview(parseOrThrow(wireReviewSchema, response.body, 'review'));
    },

    /** The business unit of a domain (e.g. `clinic.example`); not_found when Trustpilot has none. */
    async findBusinessUnit(input: { apiKey: string; domain: string }): Promise<TrustpilotBusinessUnit> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/business-units/find`,
        headers: { apikey: input.apiKey },
        query: { name: input.domain },
      });
      const unit = parseOrThrow(businessUnitSchema, response.body, 'business unit');
      return { id: unit.id, displayName: unit.displayName };
    },

    /** A business access token for the private API (client_credentials: no refresh token). */
    async requestAccessToken(input: { apiKey: string; apiSecret: string }): Promise<string> {
      const basic = Buffer.from(`${input.apiKey}:${input.apiSecret}`).toString('base64');
      const response = await config.http.request({
        method: 'POST',
        url: `${base}/oauth/oauth-business-users-for-applications/accesstoken`,
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials' },
        isIdempotent: true,
      });
      return parseOrThrow(tokenSchema, response.body, 'token response').access_token;
    },

    /**
     * Posts (or replaces) the company's public reply to a review (providers.md §1.4). Any 2xx is
     * success; the body is not documented, so it is not read. A 429/5xx answer is retried (a review
     * has one company reply, so a repeat replaces it), a timeout is not.
     */
    async postReply(input: {
      accessToken: string;
      reviewId: string;
      authorBusinessUserId: string;
      message: string;
    }): Promise<void> {
      await config.http.request({
        method: 'POST',
        url: `${base}/private/reviews/${enc(input.reviewId)}/reply`,
        headers: { authorization: `Bearer ${input.accessToken}` },
        json: { authorBusinessUserId: input.authorBusinessUserId, message: input.message },
        retryAnswersOnly: true,
      });
    },
  };
}

export type TrustpilotClient = ReturnType<typeof createTrustpilotClient>;
