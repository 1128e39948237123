import { z } from 'zod';
import { deleteReportsOlderThan } from '../modules/reporting/reporting.service';
import { defineJob } from './job-definition';

// Spec 2 §9: log cleanup daily at 2 AM. Client reports are kept for 30 days.
export const cleanupLogsJob = defineJob({
  name: 'cleanup-logs',
  payload: z.object({ retentionDays: z.number().int().min(1).max(3650).default(30) }),
  schedule: { cron: '0 2 * * *' },
  handle: async (payload, { db, log }) => {
    const removed = await deleteReportsOlderThan(db, payload.retentionDays);
    log.info({ removed }, 'old client reports removed');
  },
});
