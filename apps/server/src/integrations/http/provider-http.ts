import { setTimeout as sleep } from 'node:timers/promises';
import { providerCallChannel, publishProviderCall } from './provider-call-channel';

/** What went wrong talking to a provider, in terms a service can act on. */
const providerErrorKinds = [
  'unauthorized',
  'forbidden',
  'not_found',
  'bad_request',
  'rate_limited',
  'unavailable',
  'invalid_response',
] as const;
export type ProviderErrorKind = (typeof providerErrorKinds)[number];

/** A provider call that failed after any retries; the message never holds a secret or a body. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The provider's own error code and reason (e.g. WhatsApp 190, Twilio 20003), when it sent one. */
    readonly providerCode: string | null = null,
    readonly providerReason: string | null = null,
    /** How long the provider asked to wait (Retry-After, retry-after-ms), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Reads a provider's error body into its code and human reason; null when the body has neither. */
export type ProviderErrorDescriber = (body: unknown) => { code: string | null; reason: string | null } | null;

export type HttpRetryOptions = {
  timeoutMs: number;
  /** Retries after the first attempt, on 429, 5xx, timeouts and network errors. */
  maxRetries: number;
  baseDelayMs: number;
  /** Upper bound of one wait, also for a provider's Retry-After. */
  maxDelayMs: number;
};

export const defaultRetryOptions: HttpRetryOptions = {
  timeoutMs: 10_000,
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

type ProviderRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** POSTs are only retried when the caller says repeating them is harmless. */
  isIdempotent?: boolean;
  /**
   * For a send: retried only on a 429/5xx answer (the provider refused it, no message id was
   * issued), never after a timeout or a dropped connection, which may hide an accepted message.
   */
  retryAnswersOnly?: boolean;
  /**
   * A veto on retrying a 429/5xx answer, given its status, headers and body (e.g. OpenAI's
   * `insufficient_quota` 429 is a billing problem that no retry fixes). Retried when absent.
   */
  mayRetry?: (answer: { status: number; headers: Headers; body: unknown }) => boolean;
};

type ProviderResponse = { status: number; body: unknown };

export type ProviderHttp = {
  readonly provider: string;
  request: (request: ProviderRequest) => Promise<ProviderResponse>;
};

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Full-jitter exponential backoff: a random wait up to base * 2^attempt, capped. */
export function backoffDelay(attempt: number, options: HttpRetryOptions, random = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function buildUrl(url: string, query: ProviderRequest['query']): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) target.searchParams.append(key, String(item));
    else target.searchParams.set(key, String(value));
  }
  return target.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    // Gateways answer errors in HTML or plain text; keep it only as an opaque string.
    return text;
  }
}

/** What an HTTP status says, when the provider sent no code of its own. */
export function errorKindOfStatus(status: number): ProviderErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'bad_request';
}

/** The wait a refusal asks for: `retry-after-ms` (OpenAI), else `Retry-After` in seconds or a date. */
function retryAfterOf(headers: Headers): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  return ms > 0 ? ms : parseRetryAfter(headers.get('retry-after'));
}

function failureFor(
  provider: string,
  response: Response,
  described: ReturnType<ProviderErrorDescriber>,
): ProviderError {
  const status = response.status;
  const reason = described?.reason?.slice(0, 300) ?? null;
  const label = reason ? `${provider} answered ${status}: ${reason}` : `${provider} answered ${status}`;
  return new ProviderError(
    provider,
    errorKindOfStatus(status),
    label,
    status,
    described?.code ?? null,
    reason,
    retryAfterOf(response.headers),
  );
}

/**
 * The one place provider clients call `fetch`: a timeout per attempt, retries with jittered
 * exponential backoff on 429/5xx/network errors (honouring Retry-After), statuses mapped to
 * `ProviderError`. Logs nothing, so no secret can leak from here.
 */
export function createProviderHttp(
  provider: string,
  options: Partial<HttpRetryOptions> & {
    describeError?: ProviderErrorDescriber;
    /**
     * False: a 429 is not retried here but thrown at once with its Retry-After, for a caller that
     * backs off more than this one request (the outbox holds every send of the clinic through that
     * provider, rather than each message waiting and retrying on its own).
     */
    retryRateLimited?: boolean;
  } = {},
  fetchImpl: typeof fetch = fetch,
): ProviderHttp {
  const settings = { ...defaultRetryOptions, ...options };
  const describe = (body: unknown) => {
    try {
      return options.describeError?.(body) ?? null;
    } catch {
      return null;
    }
  };

  /** One HTTP attempt, told to whoever listens (the metrics) with its outcome and duration. */
  async function observedAttempt(request: ProviderRequest): Promise<Response> {
    if (!providerCallChannel.hasSubscribers) return attempt(request);
    const started = performance.now();
    const publish = (outcome: string) =>
      publishProviderCall({ provider, outcome, seconds: (performance.now() - started) / 1000 });
    try {
      const response = await attempt(request);
      publish(response.ok ? 'ok' : errorKindOfStatus(response.status));
      return response;
    } catch (error) {
      publish(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network_error');
      throw error;
    }
  }

  async function attempt(request: ProviderRequest): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    return fetchImpl(buildUrl(request.url, request.query), {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
  }

  return {
    provider,
    async request(request) {
      const canRetry =
        request.method === 'GET' ||
        request.method === 'PUT' ||
        request.isIdempotent === true ||
        request.retryAnswersOnly === true;
      for (let tried = 0; ; tried += 1) {
        const isLast = !canRetry || tried >= settings.maxRetries;
        let response: Response;
        try {
          response = await observedAttempt(request);
        } catch (error) {
          if (isLast || request.retryAnswersOnly === true) {
            const isTimeout = error instanceof Error && error.name === 'TimeoutError';
            throw new ProviderError(
              provider,
              'unavailable',
              isTimeout ? `${provider} did not answer in time` : `${provider} could not be reached`,
            );
          }
          await sleep(backoffDelay(tried, settings));
          continue;
        }
        if (response.ok) return { status: response.status, body: await readBody(response) };
        const mayRetryHere = !(response.status === 429 && options.retryRateLimited === false);
        if (!isLast && mayRetryHere && isRetryableStatus(response.status)) {
          if (request.mayRetry) {
            const body = await readBody(response);
            if (!request.mayRetry({ status: response.status, headers: response.headers, body }))
              throw failureFor(provider, response, describe(body));
          } else await response.body?.cancel();
          const retryAfter = retryAfterOf(response.headers);
          await sleep(Math.min(settings.maxDelayMs, retryAfter ?? backoffDelay(tried, settings)));
          continue;
        }
        throw failureFor(provider, response, describe(await readBody(response)));
      }
    },
  };
}
