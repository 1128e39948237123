import { digestScheduleCron } from '@careloop/domain/daily-digest';
import { z } from 'zod';
import { sendDueDigests } from '../modules/digest/digest.service';
import { defineJob } from './job-definition';

// The Daily Digest: every quarter hour the run finds the time zones where it is
// 08:00 to noon and mails each of their clinics' owners and admins that day's digest once (a
// delivery row per clinic, day and recipient is claimed before each mail).
export const sendDailyDigestsJob = defineJob({
  name: 'send-daily-digests',
  payload: z.object({}),
  schedule: { cron: digestScheduleCron },
  retryLimit: 2,
  handle: async (_payload, ctx) => {
    const result = await sendDueDigests(ctx);
    if (result.clinics > 0) ctx.log.info(result, 'daily digests sent');
    if (result.stopped.length > 0) {
      throw new Error(`daily digest stopped for ${result.stopped.length} clinic(s)`);
    }
  },
});
