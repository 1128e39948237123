import { abandonedClaimMs, idempotencyKeyPattern } from './idempotency.service';
import { v1ErrorExample } from './v1-openapi-examples';

// The parts of the public API's document that the routes' schemas do not say: headers on every
// answer, the error answers with their meaning, and the request headers the API reads.

const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/XRateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/XRateLimitRemaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/XRateLimitReset' },
};

const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } };

/** Headers of every answer to a live token (successes and errors past the token check). */
export const v1AnswerHeaders = { ...requestIdHeader, ...rateLimitHeaders };

export const v1Headers = {
  XRequestId: {
    description:
      "This request's id: the caller's X-Request-Id when well-formed (1 to 128 of A-Z a-z 0-9 . _ : -), else one of ours. Quote it when reporting a problem.",
    schema: { type: 'string', maxLength: 128 },
  },
  XRateLimitLimit: {
    description: "Requests this client may make in the hour's window (1,000; 5,000 on Enterprise).",
    schema: { type: 'integer' },
  },
  XRateLimitRemaining: {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  XRateLimitReset: {
    description: 'When the current window ends, in seconds since the Unix epoch.',
    schema: { type: 'integer' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' },
  },
  WWWAuthenticate: {
    description: 'The RFC 6750 challenge: error="invalid_token" or error="insufficient_scope".',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: 'true when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

export const v1Parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A string unique to the request (a UUID, say) of 1 to 255 visible ASCII characters (! to ~: no spaces or control characters; anything else is a 400): the first answer is stored for 24 hours and given again to a retry with the same key and body; another body with the key is a 422.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: idempotencyKeyPattern.source },
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description:
      'Your id for this request (1 to 128 of A-Z a-z 0-9 . _ : -), answered back and written in our logs.',
    schema: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
};

const errorContent = (status: number) => ({
  'application/json': {
    schema: { $ref: '#/components/schemas/Error' },
    example: v1ErrorExample(status),
  },
});

/** The error answers by status, each named under components.responses. */
export const v1ErrorResponseNames: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
};

export const v1ErrorResponseComponents = {
  BadRequest: {
    description:
      'A parameter or field is invalid (VALIDATION_ERROR, with each field in details) or unknown (PARAMETER_UNKNOWN, naming it). Nothing was changed.',
    headers: v1AnswerHeaders,
    content: errorContent(400),
  },
  Unauthorized: {
    description: 'No token, or a token that is invalid, expired or revoked: ask for a new one.',
    headers: { ...requestIdHeader, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
    content: errorContent(401),
  },
  Forbidden: {
    description:
      'The token lacks the operation\'s scope (FORBIDDEN, WWW-Authenticate error="insufficient_scope"), or the clinic\'s plan has no API access (PLAN_REQUIRED).',
    headers: { ...v1AnswerHeaders, 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
    content: errorContent(403),
  },
  NotFound: {
    description: "No such record in the token's clinic.",
    headers: v1AnswerHeaders,
    content: errorContent(404),
  },
  Conflict: {
    description: `A request with this Idempotency-Key is still being processed: retry shortly. A request that ended without an answer holds its key for ${abandonedClaimMs / 60_000} minutes at most; a retry with the same body after that runs it.`,
    headers: v1AnswerHeaders,
    content: errorContent(409),
  },
  UnprocessableContent: {
    description: 'This Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED).',
    headers: v1AnswerHeaders,
    content: errorContent(422),
  },
  TooManyRequests: {
    description: "The client's hourly budget is spent: wait Retry-After seconds.",
    headers: { ...v1AnswerHeaders, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    content: errorContent(429),
  },
};
