import { z } from 'zod';
import { recordSystemStatusSample } from '../modules/public-site/system-status.service';
import { defineJob } from './job-definition';

// The public status page's daily history: every five minutes, each service's state is
// counted into its UTC day (system_status_days); days older than the page's 90 are forgotten.
export const recordSystemStatusJob = defineJob({
  name: 'record-system-status',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *' },
  retryLimit: 0,
  handle: async (_payload, { db, log }) => {
    const { services, removed } = await recordSystemStatusSample(db);
    const notOperational = services.filter((s) => s.status !== 'operational').map((s) => s.id);
    if (notOperational.length > 0 || removed > 0)
      log.info({ notOperational, removed }, 'system status recorded');
  },
});
