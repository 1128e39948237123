import type { Database } from '../../db/client';
import { createEndMarks } from '../../lib/cache-end-marks';
import { type ApiCaller, findApiCaller } from './api-access.service';

const maxEntries = 10_000;

/**
 * The caller of a bearer token, kept `ttlMs` (the signed-in identity's `SESSION_CACHE_SECONDS`, ADR
 * 006) so that a burst of API calls does not pay the token's statement each: a token revoked or a plan
 * changed by another process is seen within that time, never past the token's own expiry; a write
 * of this process that may change who anyone is ends the entries it may change (`identity-cache.ts`).
 */
export function createApiCallerCache(db: Database, ttlMs: number) {
  const entries = new Map<string, { caller: ApiCaller; readAt: number; until: number }>();
  const marks = createEndMarks();
  const isCurrent = (caller: ApiCaller, readAt: number) => marks.isCurrent(caller.context.clinicId, readAt);
  return {
    async find(token: string, now: Date): Promise<ApiCaller | null> {
      const nowMs = now.getTime();
      const entry = ttlMs > 0 ? entries.get(token) : undefined;
      if (entry && nowMs < entry.until && isCurrent(entry.caller, entry.readAt)) return entry.caller;
      if (entry) entries.delete(token);
      const readAt = marks.mark();
      const caller = await findApiCaller(db, token, now);
      if (caller && ttlMs > 0 && isCurrent(caller, readAt)) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(token, { caller, readAt, until: Math.min(nowMs + ttlMs, caller.expiresAt.getTime()) });
      }
      return caller;
    },
    endAll() {
      marks.endAll();
      entries.clear();
    },
    endClinic(clinicId: string) {
      marks.endClinic(clinicId);
    },
  };
}

export type ApiCallerCache = ReturnType<typeof createApiCallerCache>;
