import { z } from 'zod';
import { applyAllRetention, retentionCron } from '../modules/compliance/retention.service';
import { defineJob } from './job-definition';

// Enterprise Compliance: each clinic's data retention (messages, resolved cases) at 2 AM, beside
// the log cleanup.
export const applyDataRetentionJob = defineJob({
  name: 'apply-data-retention',
  payload: z.object({}),
  schedule: { cron: retentionCron },
  handle: async (_payload, { db, log }) => {
    const { clinics } = await applyAllRetention(db, new Date());
    log.info({ clinics }, 'data retention applied');
  },
});
