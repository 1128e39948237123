import { pause } from '../../lib/pause';
import { claimDueMessages } from './outbox.repository';
import {
  type ContextCache,
  type Deps,
  defaultStaleAfterMs,
  type Log,
  outboxReasons,
  type SendOutcome,
  sendClaimedMessage,
} from './outbox.service';
import { recoverStaleClaimsWithWebhooks } from './outbox-webhooks';

export type SendRunResult = Record<SendOutcome, number> & {
  claimed: number;
  recovered: { requeued: number; unknown: number };
  errors: number;
};

export type SendRunOptions = {
  now?: () => Date;
  batchSize?: number;
  /** Messages in flight at once within this worker (provider calls overlap). */
  concurrency?: number;
  staleAfterMs?: number;
  /** Stops claiming new batches after this long (the next run goes on). */
  budgetMs?: number;
  /**
   * When nothing is due, look again every `lookEveryMs` (2 s) until this long has passed since the
   * run began: a message planned mid-minute (a planner's wave) goes seconds later, not at the next
   * minute's run. `stopping` ends the watch at once.
   */
  watchMs?: number;
  lookEveryMs?: number;
  stopping?: AbortSignal;
  /** Only these clinics' messages (default: every clinic's). */
  clinicIds?: readonly string[];
  /** 'sandbox': a sandbox run at a chosen instant; the real clock leaves sandbox-clock clinics alone. */
  clock?: 'real' | 'sandbox';
  /** Called once, when a claim comes back full: more is due than one batch (a wave). */
  onBacklog?: () => Promise<void>;
};

/**
 * The sending sweep: takes back stale claims, then claims due messages batch by batch and sends
 * them, a few at a time, until none is due or the time budget is spent. One message's unexpected
 * error is logged and leaves its row to the stale sweep; the others go on.
 */
export async function sendDueMessages(
  deps: Deps & { log?: Log },
  options: SendRunOptions = {},
): Promise<SendRunResult> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const staleAfterMs = options.staleAfterMs ?? defaultStaleAfterMs;
  const started = Date.now();
  const result: SendRunResult = {
    claimed: 0,
    sent: 0,
    failed: 0,
    requeued: 0,
    deferred: 0,
    unknown: 0,
    lost_claim: 0,
    errors: 0,
    recovered: await recoverStaleClaimsWithWebhooks(deps.db, {
      staleBefore: new Date(now().getTime() - staleAfterMs),
      now: now(),
      unknownReason: outboxReasons.unknownOutcome,
      clinicIds: options.clinicIds,
      clock: options.clock,
    }),
  };
  const lookEveryMs = options.lookEveryMs ?? 2_000;
  const watchUntil = started + (options.watchMs ?? 0);
  const cache: ContextCache = new Map();
  let backlogTold = false;
  while (options.budgetMs === undefined || Date.now() - started < options.budgetMs) {
    const claimed = await claimDueMessages(deps.db, {
      now: now(),
      limit: batchSize,
      clinicIds: options.clinicIds,
      clock: options.clock,
    });
    if (claimed.length === 0) {
      if (Date.now() + lookEveryMs > watchUntil || options.stopping?.aborted) break;
      await pause(lookEveryMs, options.stopping);
      continue;
    }
    if (claimed.length === batchSize && !backlogTold && options.onBacklog) {
      backlogTold = true;
      // Help not queued is no reason to leave the claimed batch waiting: it is sent all the same.
      await options
        .onBacklog()
        .catch((error: unknown) => deps.log?.error({ err: error }, 'sending wave: helper runs not queued'));
    }
    result.claimed += claimed.length;
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        try {
          result[await sendClaimedMessage(deps, cache, message, { now, retryLater: true })] += 1;
        } catch (error) {
          result.errors += 1;
          deps.log?.error(
            { err: error, clinicId: message.clinicId, messageId: message.id },
            'message send failed',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    if (claimed.length < batchSize && Date.now() + lookEveryMs > watchUntil) break;
  }
  return result;
}
