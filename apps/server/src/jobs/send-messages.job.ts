import { z } from 'zod';
import { sendDueMessages } from '../modules/outbox/send-sweep.service';
import { defineJob } from './job-definition';

// The outbox's sender: every minute, stale claims are taken back, then the queued
// messages whose time has come are claimed (FOR UPDATE SKIP LOCKED, so several workers share the
// work) and sent exactly once; see modules/outbox/outbox.service.ts for how a crash is survived.
// A run stops claiming after 50 s so that runs do not pile up; the next one goes on. 16 messages are
// in flight at once: each waits on the AI and on the channel's provider (hundreds of ms each) and
// holds a database connection only between them, so lanes, not CPU, set a worker's sending rate
// (4 lanes sent about 10 messages/s a worker in the fleet bench; see docs/scaling.md).
export const sendMessagesJob = defineJob({
  name: 'send-messages',
  payload: z.object({
    batchSize: z.number().int().min(1).max(1000).default(100),
    concurrency: z.number().int().min(1).max(32).default(16),
  }),
  schedule: { cron: '* * * * *' },
  retryLimit: 0,
  handle: async ({ batchSize, concurrency }, ctx) => {
    const result = await sendDueMessages(ctx, { batchSize, concurrency, budgetMs: 50_000 });
    if (result.claimed > 0 || result.recovered.requeued > 0 || result.recovered.unknown > 0)
      ctx.log.info(result, 'messages sent');
  },
});
