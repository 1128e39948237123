import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import {
  bareHost,
  isAllowedPrivateTarget,
  isPublicAddress,
  type LookupFn,
  privateReason,
  systemLookup,
  type TargetPolicy,
} from './address-guard';

export type WebhookAttemptResult = {
  /** The receiver's status; null when none came (refused target, timeout, network error). */
  statusCode: number | null;
  durationMs: number;
  /** Why there was no success, in words a clinic can act on; null on a 2xx. */
  error: string | null;
  /** Seconds the receiver asked us to wait (Retry-After), when it did. */
  retryAfterSeconds: number | null;
};

const maxResponseBytes = 64 * 1024;

/**
 * One POST of signed bytes to a webhook URL. Redirects are not followed (a 3xx is a failure), the
 * body read is capped, and the connection goes only to addresses checked as public at connect
 * time: the name is resolved once, checked, and that same answer is used (no rebinding window).
 */
export function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: TargetPolicy;
  now?: () => number;
}): Promise<WebhookAttemptResult> {
  const clock = input.now ?? Date.now;
  const started = clock();
  const done = (partial: Omit<WebhookAttemptResult, 'durationMs'>): WebhookAttemptResult => ({
    ...partial,
    durationMs: Math.max(0, Math.round(clock() - started)),
  });
  const fail = (error: string) => done({ statusCode: null, error, retryAfterSeconds: null });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve(fail('Invalid URL'));
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !input.policy.requireHttps))
    return Promise.resolve(fail('The URL must use https'));
  const isExempt = isAllowedPrivateTarget(url, input.policy);
  const host = bareHost(url);
  if (!isExempt && net.isIP(host) && !isPublicAddress(host)) return Promise.resolve(fail(privateReason));

  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: WebhookAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'CareLoop-Webhooks/1',
        },
        lookup: isExempt ? undefined : guardedLookup(input.policy.lookup ?? systemLookup),
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxResponseBytes) response.destroy();
        });
        const finish = () => {
          const isSuccess = statusCode >= 200 && statusCode < 300;
          settle(
            done({
              statusCode,
              error: isSuccess
                ? null
                : statusCode >= 300 && statusCode < 400
                  ? 'Redirect not followed'
                  : `HTTP ${statusCode}`,
              retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], clock()),
            }),
          );
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const deadline = setTimeout(() => {
      request.destroy(new Error('timeout'));
      settle(fail(`Timed out after ${input.timeoutMs} ms`));
    }, input.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      settle(fail(error.message === privateReason ? privateReason : connectionError(error)));
    });
    request.end(input.body);
  });
}

/** A `lookup` for the socket: resolves, refuses when any answer is not public, else connects to it. */
function guardedLookup(lookup: LookupFn): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
          callback(new Error(privateReason), '', 4);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

function connectionError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (error.code === 'ECONNREFUSED') return 'Connection refused';
  if (error.code === 'ECONNRESET') return 'Connection reset';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return 'TLS error';
  return error.code ? `Network error (${error.code})` : 'Network error';
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - nowMs) / 1000));
}
