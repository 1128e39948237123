import { z } from 'zod';
import { listClinicsToPlan, planClinicFollowUpsNow } from '../modules/automation/followup-planner';
import { defineJob } from './job-definition';

const planClinicFollowUpsJobName = 'plan-clinic-followups';
const batchSize = z.number().int().min(100).max(10_000).default(2000);

/**
 * One clinic's planning: the follow-ups and cross-sells now due, into the outbox
 * (patient_communications, 'queued'). A unique key per patient, kind and day means a repeated or
 * retried run stores nothing twice, so a failure simply fails this job and pg-boss retries it.
 */
export const planClinicFollowUpsJob = defineJob({
  name: planClinicFollowUpsJobName,
  payload: z.object({ clinicId: z.string().min(1), batchSize }),
  retryLimit: 3,
  concurrency: 4,
  onePendingPerKey: true,
  // A plan takes 0.15 s (a 100,000-patient clinic 6 s); one that has not ended in 2 minutes is stuck.
  maxRunSeconds: 120,
  handle: async ({ clinicId, batchSize }, ctx) => {
    const result = await planClinicFollowUpsNow(ctx, clinicId, { now: new Date(), batchSize });
    if (result.planned > 0) ctx.log.info(result, 'follow-ups planned');
  },
});

// The automation runs every 15 minutes. One job per clinic, as ingestion does: a clinic with many
// patients neither delays another's messages nor fails its run, and any number of workers share them.
export const planFollowUpsJob = defineJob({
  name: 'plan-followups',
  payload: z.object({ batchSize }),
  schedule: { cron: '*/15 * * * *' },
  handle: async ({ batchSize }, ctx) => {
    const clinicIds = await listClinicsToPlan(ctx);
    const queued = await ctx.sendMany(
      planClinicFollowUpsJobName,
      clinicIds.map((clinicId) => ({ payload: { clinicId, batchSize }, singletonKey: clinicId })),
    );
    ctx.log.info({ clinics: clinicIds.length, queued }, 'follow-up planning scheduled');
  },
});
