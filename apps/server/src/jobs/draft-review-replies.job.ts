import { z } from 'zod';
import { draftDueReviewReplies } from '../modules/review-replies/review-reply-drafting.service';
import { defineJob } from './job-definition';

// Review replies are scheduled in the same transaction that imports the review (the row is the
// outbox); this sweep drafts every one whose delay (1-24 h) has passed, so none is lost to a crash.
export const draftReviewRepliesJob = defineJob({
  name: 'draft-review-replies',
  payload: z.object({ limit: z.number().int().min(1).max(1000).default(200) }),
  schedule: { cron: '*/5 * * * *' },
  handle: async ({ limit }, ctx) => {
    const result = await draftDueReviewReplies(ctx, { limit });
    if (result.drafted > 0 || result.cancelled > 0) ctx.log.info(result, 'review replies drafted');
  },
});
