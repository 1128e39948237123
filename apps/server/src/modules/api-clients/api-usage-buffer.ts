import type { Database } from '../../db/client';
import { countHit } from '../../db/rate-limit-counter';
import { newId } from '../../lib/ids';
import {
  type ApiBudget,
  type ApiCaller,
  apiBudgetWindowMs,
  apiRateLimitKey,
  budgetOf,
} from './api-access.service';
import { insertApiCalls } from './api-clients.repository';

/** One call of a known client, as its audit row tells it. */
type ApiCall = { method: string; route: string; statusCode: number; durationMs: number };

/**
 * What a public API call writes, kept in memory and written in batches (ADR 020): a call used to wait
 * for two commits of its own (the budget's upsert and its `api_call_log` row), which cost more than
 * the page it read. What a crash of the process may lose is bounded: the audit rows and budget hits
 * of the last `flushEveryMs` at most, never more than `maxPendingCalls` rows.
 */
export type ApiUsageBuffer = {
  /** Counts one call against the caller's hourly budget, shared by every web process within `flushEveryMs`. */
  count(caller: ApiCaller, now: Date): Promise<ApiBudget>;
  /** Keeps one call's audit row until the next flush. */
  record(caller: ApiCaller, call: ApiCall, now: Date): void;
  /** Writes every kept row and budget hit. */
  flush(): Promise<void>;
  /** Rows and budget hits not yet written. */
  pending(): { calls: number; hits: number };
  /** Stops the timer and writes what is kept (the app's onClose). */
  close(): Promise<void>;
};

type BudgetState = {
  limit: number;
  /** The count in the shared table at the last sync, this process's hits since then excluded. */
  count: number;
  /** Hits of this process counted in memory since the last sync. */
  pending: number;
  windowEndsAtMs: number;
  syncedAtMs: number;
  syncing: boolean;
};

type Options = {
  now?: () => number;
  /** How often kept rows and hits are written, and how stale another process's hits may be. */
  flushEveryMs?: number;
  /** False: no timer, rows and hits are written only past the bounds (tests of what a crash loses). */
  timer?: boolean;
  /** Kept audit rows that trigger a flush before the timer does. */
  maxPendingCalls?: number;
  onError?: (error: unknown) => void;
};

export function createApiUsageBuffer(db: Database, options: Options = {}): ApiUsageBuffer {
  const clock = options.now ?? Date.now;
  const flushEveryMs = options.flushEveryMs ?? 1000;
  const maxPendingCalls = options.maxPendingCalls ?? 1000;
  const onError = options.onError ?? (() => {});
  const budgets = new Map<string, BudgetState>();
  let calls: Parameters<typeof insertApiCalls>[1] = [];
  let running: Promise<void> = Promise.resolve();

  /** One statement: adds `hits` to the shared counter and learns what every process counted. */
  async function sync(key: string, state: BudgetState, hits: number, nowMs: number) {
    state.syncing = true;
    try {
      const { count, resetsInMs } = await countHit(db, key, apiBudgetWindowMs, nowMs, hits);
      state.count = count;
      state.windowEndsAtMs = nowMs + resetsInMs;
      state.syncedAtMs = nowMs;
    } catch (error) {
      // The hits stay counted in memory and are written by the next sync.
      state.pending += hits;
      throw error;
    } finally {
      state.syncing = false;
    }
  }

  async function count(caller: ApiCaller, now: Date): Promise<ApiBudget> {
    const key = apiRateLimitKey(caller.context.clinicId, caller.apiClientId);
    const nowMs = now.getTime();
    const limit = caller.requestsPerHour;
    let state = budgets.get(key);
    if (!state) {
      state = { limit, count: 0, pending: 0, windowEndsAtMs: 0, syncedAtMs: 0, syncing: false };
      budgets.set(key, state);
    }
    state.limit = limit;
    const known = state.count + state.pending + 1;
    const stale = nowMs - state.syncedAtMs >= flushEveryMs || nowMs >= state.windowEndsAtMs;
    // Near the limit every call asks the shared counter, so that the refusal is exact in one process.
    if (!state.syncing && (stale || known >= limit)) {
      // Hits kept from a window that has ended do not count in the next one.
      const hits = nowMs >= state.windowEndsAtMs ? 1 : state.pending + 1;
      state.pending = 0;
      await sync(key, state, hits, nowMs);
      return budgetOf(state.count, limit, state.windowEndsAtMs - nowMs, nowMs);
    }
    state.pending += 1;
    return budgetOf(state.count + state.pending, limit, Math.max(0, state.windowEndsAtMs - nowMs), nowMs);
  }

  function record(caller: ApiCaller, call: ApiCall, now: Date) {
    calls.push({
      id: newId('apl'),
      clinicId: caller.context.clinicId,
      apiClientId: caller.apiClientId,
      ...call,
      durationMs: Math.max(0, Math.round(call.durationMs)),
      createdAt: now,
    });
    if (calls.length >= maxPendingCalls) void flush().catch(onError);
  }

  async function writeKept(rows: typeof calls) {
    try {
      await insertApiCalls(db, rows);
    } catch (error) {
      // Kept for the next flush, up to the bound; past it the oldest are the ones given up.
      calls = [...rows, ...calls].slice(-maxPendingCalls);
      throw error;
    }
    const nowMs = clock();
    for (const [key, state] of budgets) {
      if (nowMs >= state.windowEndsAtMs) {
        budgets.delete(key);
        continue;
      }
      if (state.pending === 0 || state.syncing) continue;
      const hits = state.pending;
      state.pending = 0;
      await sync(key, state, hits, nowMs);
    }
  }

  /** Takes the kept rows at once; one write at a time, in order: a flush asked for while one runs writes after it. */
  function flush(): Promise<void> {
    const rows = calls;
    calls = [];
    const next = running.catch(() => {}).then(() => writeKept(rows));
    running = next;
    return next;
  }

  const timer = options.timer !== false ? setInterval(() => void flush().catch(onError), flushEveryMs) : null;
  timer?.unref();

  return {
    count,
    record,
    flush,
    pending: () => ({
      calls: calls.length,
      hits: [...budgets.values()].reduce((n, state) => n + state.pending, 0),
    }),
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
