import { z } from 'zod';
import { sendDueMessages } from '../modules/outbox/send-sweep.service';
import { defineJob } from './job-definition';

// The outbox's sender: every minute, stale claims are taken back, then the queued
// messages whose time has come are claimed (FOR UPDATE SKIP LOCKED, so several workers share the
// work) and sent exactly once; see modules/outbox/outbox.service.ts for how a crash is survived.
// A run stops claiming after 50 s so that runs do not pile up; the next one goes on.
export const sendMessagesJob = defineJob({
  name: 'send-messages',
  payload: z.object({
    batchSize: z.number().int().min(1).max(1000).default(100),
    concurrency: z.number().int().min(1).max(32).default(4),
  }),
  schedule: { cron: '* * * * *' },
  retryLimit: 0,
  handle: async ({ batchSize, concurrency }, ctx) => {
    const result = await sendDueMessages(ctx, { batchSize, concurrency, budgetMs: 50_000 });
    if (result.claimed > 0 || result.recovered.requeued > 0 || result.recovered.unknown > 0)
      ctx.log.info(result, 'messages sent');
  },
});
