import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { ApiCaller } from '../api-clients/api-access.service';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyRow,
  type IdempotencyScope,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository';

type Deps = Pick<AppDeps, 'db'>;

/** How long an answer is kept under its key. */
const idempotencyWindowMs = 24 * 3_600_000;

/**
 * How long a claim may stay unanswered before a retry of the same request takes it over. The work
 * under a key is database statements only (no provider calls); the longest it can wait is the
 * clinic's follow-up planning lock (POST /followups), held by a planner run that is given 120 s
 * (jobs/plan-followups.job.ts). Three minutes is past that with a margin, so an older claim is a
 * request that ended without answering (a crash, a restart: a stopping process exits within 10 s).
 * Should a slower one still finish, it can no longer store or free the key (its claim is gone).
 */
export const abandonedClaimMs = 3 * 60_000;

export type Answer = { statusCode: number; body: unknown; isReplay: boolean };

/** JSON with object keys sorted: the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the method, the route and the body (key order aside). */
export function idempotencyRequestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** What the server takes as a key (the document's pattern is this one's source). */
export const idempotencyKeyPattern = /^[!-~]{1,255}$/;

/**
 * Runs a POST at most once per `Idempotency-Key` of a client (24 hours): the same key and request
 * answer the stored answer (errors the handler gave included); the same key with another request is a
 * 422; while the first is still running, a 409 (for at most `abandonedClaimMs`: then a retry runs
 * it). Without a key the request simply runs.
 */
export async function runIdempotently(
  deps: Deps,
  caller: ApiCaller,
  request: { key: string | undefined; method: string; route: string; body: unknown },
  run: () => Promise<{ statusCode: number; body: unknown }>,
): Promise<Answer> {
  if (request.key === undefined) return { ...(await run()), isReplay: false };
  if (!idempotencyKeyPattern.test(request.key)) {
    throw badRequest('The request is not valid', [
      { field: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters' },
    ]);
  }
  const scope: IdempotencyScope = {
    clinicId: caller.context.clinicId,
    apiClientId: caller.apiClientId,
    key: request.key,
  };
  const requestHash = idempotencyRequestHash(request.method, request.route, request.body);
  const now = new Date();
  const expiredBefore = new Date(now.getTime() - idempotencyWindowMs);
  await deleteExpiredIdempotencyKeys(deps.db, expiredBefore);
  const claimed = await claimIdempotencyKey(deps.db, scope, requestHash, now, {
    expiredBefore,
    abandonedBefore: new Date(now.getTime() - abandonedClaimMs),
  });
  if (!claimed) {
    const row = await findIdempotencyRow(deps.db, scope);
    if (row && row.requestHash !== requestHash) {
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with a different request',
      );
    }
    if (!row || row.statusCode === null) {
      throw conflict('A request with this Idempotency-Key is still being processed');
    }
    return { statusCode: row.statusCode, body: row.response, isReplay: true };
  }
  try {
    const answer = await run();
    await storeIdempotentAnswer(deps.db, scope, now, {
      statusCode: answer.statusCode,
      response: answer.body,
    });
    return { ...answer, isReplay: false };
  } catch (error) {
    // A refusal is an answer like any other; a fault is not, and the key is free to try again.
    if (error instanceof AppError && error.statusCode < 500) {
      const body = { error: { code: error.code, message: error.message, details: error.details } };
      await storeIdempotentAnswer(deps.db, scope, now, { statusCode: error.statusCode, response: body });
    } else {
      await releaseIdempotencyKey(deps.db, scope, now);
    }
    throw error;
  }
}
