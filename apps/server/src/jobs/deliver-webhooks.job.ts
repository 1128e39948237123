import { z } from 'zod';
import { deleteOldWebhookDeliveries, deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.service';
import { defineJob } from './job-definition';

// Outbound webhooks: every minute, claims the due deliveries of the webhook outbox
// (written in the transaction of each change; FOR UPDATE SKIP LOCKED, so workers share them), signs
// and posts each, and schedules the retries of failures (5 s to 10 h, about a day in all). A run
// stops claiming after 50 s; the next goes on. Between, it looks for new deliveries every 2 s for
// `watchSeconds` (45), so a receiver hears of a change seconds after it, not up to a minute and a
// half later (the minute's run, started up to 30 s late by pg-boss's clock).
export const deliverWebhooksJob = defineJob({
  name: 'deliver-webhooks',
  payload: z.object({
    batchSize: z.number().int().min(1).max(500).default(50),
    /** Deliveries in flight at once: each waits on a clinic's receiver (up to its timeout). */
    concurrency: z.number().int().min(1).max(64).default(32),
    watchSeconds: z.number().int().min(0).max(50).default(45),
  }),
  schedule: { cron: '* * * * *' },
  retryLimit: 0,
  handle: async ({ batchSize, concurrency, watchSeconds }, ctx) => {
    const result = await deliverDueWebhooks(ctx, {
      batchSize,
      concurrency,
      budgetMs: 50_000,
      watchMs: watchSeconds * 1000,
      ...(ctx.stopping ? { stopping: ctx.stopping } : {}),
    });
    if (result.succeeded + result.retrying + result.failed + result.recovered + result.errors > 0)
      ctx.log.info(result, 'webhooks delivered');
  },
});

// The delivery log keeps 30 days (pending deliveries stay until their retries end).
export const cleanupWebhookDeliveriesJob = defineJob({
  name: 'cleanup-webhook-deliveries',
  payload: z.object({ retentionDays: z.number().int().min(1).max(3650).default(30) }),
  schedule: { cron: '30 2 * * *' },
  handle: async ({ retentionDays }, ctx) => {
    const removed = await deleteOldWebhookDeliveries(ctx, retentionDays);
    ctx.log.info({ removed }, 'old webhook deliveries removed');
  },
});
