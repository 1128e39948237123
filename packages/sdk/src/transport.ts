import { CareLoopConnectionError, errorOf, retryAfterSecondsOf } from './errors.js';

export type RetryPolicy = {
  /** Retries after the first attempt of a call answered 429 or 5xx, or not answered (default 2). */
  maxRetries: number;
  /** The first backoff; each retry doubles it, with jitter (default 500 ms). */
  baseDelayMs: number;
  /** The longest wait: a Retry-After beyond it is not waited for, the error is thrown (default 60 s). */
  maxDelayMs: number;
};

export type TransportOptions = {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  retry: RetryPolicy;
  /** How the SDK waits between attempts (tests give their own clock). */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

export type ApiRequest = {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Form-encoded body (the token endpoint). */
  form?: URLSearchParams;
};

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

const isRetryable = (status: number) => status === 429 || status >= 500;

/** Sends one call, retrying 429, 5xx and network failures with backoff, honouring Retry-After. */
export async function send(options: TransportOptions, request: ApiRequest): Promise<ApiAnswer> {
  const url = new URL(`${options.baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = request.form.toString();
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  for (let attempt = 0; ; attempt += 1) {
    let answer: ApiAnswer | null = null;
    let failure: unknown = null;
    try {
      const response = await options.fetch(url, { method: request.method, headers, body });
      const text = await response.text();
      answer = {
        status: response.status,
        headers: response.headers,
        body: text ? safeJson(text) : undefined,
      };
    } catch (error) {
      failure = error;
    }
    if (answer && !isRetryable(answer.status)) return answer;
    const wait = attempt < options.retry.maxRetries ? delayBefore(options, attempt, answer) : null;
    if (wait === null) {
      if (answer) return answer;
      throw new CareLoopConnectionError(
        0,
        'CONNECTION_FAILED',
        `CareLoop could not be reached: ${failure instanceof Error ? failure.message : String(failure)}`,
        undefined,
        headers['x-request-id'] ?? null,
      );
    }
    await options.sleep(wait);
  }
}

/** The wait before the next attempt, or null when it would be longer than the policy allows. */
function delayBefore(options: TransportOptions, attempt: number, answer: ApiAnswer | null): number | null {
  const asked = answer ? retryAfterSecondsOf(answer.headers, Date.now()) : null;
  if (asked !== null) {
    const ms = asked * 1000;
    return ms <= options.retry.maxDelayMs ? ms : null;
  }
  const backoff = options.retry.baseDelayMs * 2 ** attempt;
  // Full jitter over the upper half: callers retrying together spread out.
  return Math.min(options.retry.maxDelayMs, Math.round(backoff / 2 + (options.random() * backoff) / 2));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The answer's JSON body, or its typed error. */
export function bodyOf<T>(answer: ApiAnswer): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw errorOf(answer.status, answer.body, answer.headers);
}
