/**
 * An error answer of the API (`{ error: { code, message, details, request_id } }`) or of its token
 * endpoint (`{ error, error_description }`). `requestId` is the request's X-Request-Id: quote it
 * when asking CareLoop about a failure. Subclasses by status let callers branch with `instanceof`.
 */
export class CareLoopError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: a parameter or field is invalid or unknown (`details` names them). */
export class CareLoopValidationError extends CareLoopError {}
/** 401: the client's credentials or the token were refused. */
export class CareLoopAuthenticationError extends CareLoopError {}
/** 403: the token lacks a scope, or the clinic's plan has no API access. */
export class CareLoopPermissionError extends CareLoopError {}
/** 404: no such record in the clinic. */
export class CareLoopNotFoundError extends CareLoopError {}
/** 409 or 422: an Idempotency-Key still in flight, or used with another request. */
export class CareLoopConflictError extends CareLoopError {}
/** 429: the hourly budget is spent; `retryAfterSeconds` says when to try again. */
export class CareLoopRateLimitError extends CareLoopError {
  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown,
    requestId: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(status, code, message, details, requestId);
  }
}
/** 5xx: CareLoop failed; retried by the SDK before this is thrown. */
export class CareLoopServerError extends CareLoopError {}
/** No answer at all (network, DNS, refused connection); retried before it is thrown. */
export class CareLoopConnectionError extends CareLoopError {}

type ErrorBody = {
  error?: { code?: string; message?: string; details?: unknown; request_id?: string } | string;
  error_description?: string;
};

/** The typed error of an error answer. */
export function errorOf(status: number, body: unknown, headers: Headers): CareLoopError {
  const parsed = (body ?? {}) as ErrorBody;
  const headerId = headers.get('x-request-id');
  const [code, message, details, requestId] =
    typeof parsed.error === 'string'
      ? [parsed.error, parsed.error_description ?? parsed.error, undefined, headerId]
      : [
          parsed.error?.code ?? `HTTP_${status}`,
          parsed.error?.message ?? `CareLoop answered ${status}`,
          parsed.error?.details,
          parsed.error?.request_id ?? headerId,
        ];
  const args = [status, code, message, details, requestId] as const;
  if (status === 400) return new CareLoopValidationError(...args);
  if (status === 401) return new CareLoopAuthenticationError(...args);
  if (status === 403) return new CareLoopPermissionError(...args);
  if (status === 404) return new CareLoopNotFoundError(...args);
  if (status === 409 || status === 422) return new CareLoopConflictError(...args);
  if (status === 429) return new CareLoopRateLimitError(...args, retryAfterSecondsOf(headers, Date.now()));
  if (status >= 500) return new CareLoopServerError(...args);
  return new CareLoopError(...args);
}

/** Retry-After in seconds (RFC 9110: a number of seconds or an HTTP date), or null. */
export function retryAfterSecondsOf(headers: Headers, now: number): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
