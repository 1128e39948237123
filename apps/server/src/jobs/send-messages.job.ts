import { z } from 'zod';
import { sendDueMessages } from '../modules/outbox/send-sweep.service';
import { defineJob, type QueuedJob } from './job-definition';

// The outbox's sender: every minute, stale claims are taken back, then the queued
// messages whose time has come are claimed (FOR UPDATE SKIP LOCKED, so several workers share the
// work) and sent exactly once; see modules/outbox/outbox.service.ts for how a crash is survived.
// A run stops claiming after 50 s so that runs do not pile up; the next one goes on. With nothing
// due it looks again every 2 s for 45 s, so a message the planner writes mid-minute goes seconds
// later, not at the next minute's run (as deliver-webhooks does).
//
// A wave (a clinic's 10:00, a thousand clinics' day-1 follow-ups) is sent by more than one process:
// a scheduled run that finds more due than one batch queues SEND_HELPERS runs of its own, which other
// worker processes take at once (one process works one run of this queue at a time); a helper queues
// none. Each run keeps 32 messages in flight: each waits on the AI and on the channel's provider
// (hundreds of ms each) and holds a database connection only between them, so lanes and processes,
// not CPU, set the sending rate (fleet bench: 4 lanes in one process sent about 10 messages/s, 16
// lanes about 40/s with the second process joining only at the next minute; docs/scaling.md).
/** The runs a run queues when it finds a wave: `helpers` of them, none from a helper. */
export function helperRuns(run: { helpers: number; helper: boolean }): QueuedJob[] {
  if (run.helper) return [];
  return Array.from({ length: run.helpers }, () => ({ payload: { helper: true } }));
}

export const sendMessagesJob = defineJob({
  name: 'send-messages',
  payload: z.object({
    batchSize: z.number().int().min(1).max(1000).default(200),
    concurrency: z.number().int().min(1).max(64).default(32),
    /** Runs queued beside this one when a wave is found (default SEND_HELPERS: workers minus one). */
    helpers: z.number().int().min(0).max(16).optional(),
    /** A helper of a scheduled run: it queues no helpers of its own. */
    helper: z.boolean().default(false),
    /** With nothing due, looks again every 2 s for this long (a planner's wave goes at once). */
    watchSeconds: z.number().int().min(0).max(50).default(45),
  }),
  schedule: { cron: '* * * * *' },
  retryLimit: 0,
  handle: async ({ batchSize, concurrency, helpers, helper, watchSeconds }, ctx) => {
    const wave = helperRuns({ helpers: helpers ?? ctx.config.jobs.sendHelpers, helper });
    const onBacklog =
      wave.length === 0
        ? undefined
        : async () => {
            const queued = await ctx.sendMany('send-messages', wave);
            ctx.log.info({ helpers: queued }, 'sending wave: helpers queued');
          };
    const result = await sendDueMessages(ctx, {
      batchSize,
      concurrency,
      budgetMs: 50_000,
      watchMs: watchSeconds * 1000,
      ...(ctx.stopping ? { stopping: ctx.stopping } : {}),
      ...(onBacklog ? { onBacklog } : {}),
    });
    if (result.claimed > 0 || result.recovered.requeued > 0 || result.recovered.unknown > 0)
      ctx.log.info({ ...result, helper }, 'messages sent');
  },
});
