import type { ErrorResponse } from '@careloop/contracts';
import { takeEarlyAnswer } from './early-requests';

/** An error answered by our API (`{ error: { code, message, details? } }`), or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** On a 429: how many seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, details?: unknown, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in seconds from now: either form RFC 9110 allows (seconds, or an HTTP date). */
export function retryAfterSecondsOf(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiFetchOptions = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets a request outlive the page (reports sent while the user leaves). */
  keepalive?: boolean;
};

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The web app's one door to the network: `apiFetch` and better-auth's client both go through it.
 * A GET asked for early (lib/early-requests.ts) takes that answer. It looks `fetch` up on every
 * call, so tests can stub the global.
 */
export const fetchFromNetwork: typeof fetch = (input, init) =>
  takeEarlyAnswer(input, init) ?? fetch(input, init);

/** With lib/early-requests.ts, the only place in the web app that calls `fetch`. Same-origin cookies, JSON in and out (or a file up). */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file (Blob) goes as its own bytes with its type; anything else as JSON.
  const isFile = body instanceof Blob;
  if (isFile) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchFromNetwork(path, {
      method,
      headers,
      body: isFile ? body : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (isErrorResponse(payload)) {
      throw new ApiError(
        response.status,
        payload.error.code,
        payload.error.message,
        payload.error.details,
        retryAfterSecondsOf(response.headers.get('retry-after')),
      );
    }
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`);
  }
  return payload as T;
}

/**
 * Like `apiFetch`, for an answer of JSON lines (`application/x-ndjson`): each line is handed to
 * `onLine` as it arrives. An error answer (4xx/5xx JSON) is thrown as `ApiError`.
 */
export async function apiFetchLines<T>(
  path: string,
  options: ApiFetchOptions & { onLine: (line: T) => void },
): Promise<void> {
  const { method = 'POST', body, signal, onLine } = options;
  const headers: Record<string, string> = { Accept: 'application/x-ndjson' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchFromNetwork(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok || !response.body) {
    const payload = await readJson(response);
    if (isErrorResponse(payload)) {
      throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) pending += value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(JSON.parse(line) as T);
    if (done) break;
  }
  if (pending.trim() !== '') onLine(JSON.parse(pending) as T);
}
