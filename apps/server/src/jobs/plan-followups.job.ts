import { z } from 'zod';
import { planDueFollowUps } from '../modules/automation/followup-planner';
import { defineJob } from './job-definition';

// Spec 2 §9: the automation runs every 15 minutes. Each run plans the follow-ups and cross-sells
// now due into the outbox (patient_communications, 'queued'); a unique key per patient, kind and
// day means a repeated or retried run stores nothing twice.
export const planFollowUpsJob = defineJob({
  name: 'plan-followups',
  payload: z.object({ batchSize: z.number().int().min(100).max(10_000).default(2000) }),
  schedule: { cron: '*/15 * * * *' },
  retryLimit: 3,
  handle: async ({ batchSize }, ctx) => {
    const result = await planDueFollowUps(ctx, { batchSize });
    if (result.planned > 0 || result.failed.length > 0) ctx.log.info(result, 'follow-ups planned');
    if (result.failed.length > 0) {
      throw new Error(`follow-up planning failed for ${result.failed.length} clinic(s)`);
    }
  },
});
