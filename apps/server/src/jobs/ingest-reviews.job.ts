import { z } from 'zod';
import { ingestClinicReviews, listClinicsWithReviewSource } from '../modules/ingestion/ingestion.service';
import { defineJob } from './job-definition';

const ingestClinicReviewsJobName = 'ingest-clinic-reviews';

/** One clinic's ingestion; a rate limit or outage fails the job so pg-boss retries it with backoff. */
export const ingestClinicReviewsJob = defineJob({
  name: ingestClinicReviewsJobName,
  payload: z.object({ clinicId: z.string().min(1) }),
  retryLimit: 3,
  // Mostly waiting on the provider (about a second a sync), so a process runs many at once.
  concurrency: 8,
  onePendingPerKey: true,
  // About a second a sync; the slowest at 1,000 clinics took 5 s behind a provider's rate limit.
  maxRunSeconds: 300,
  handle: async ({ clinicId }, ctx) => {
    const result = await ingestClinicReviews(ctx, clinicId);
    if (result.ok) {
      ctx.log.info({ clinicId, importedCount: result.importedCount }, 'reviews ingested');
      return;
    }
    ctx.log.error(
      { clinicId, code: result.code, importedCount: result.importedCount },
      'review ingestion failed',
    );
    // Wrong credentials will not fix themselves by retrying; staff see the error on Sync Reviews.
    if (result.isRetryable) throw new Error(`review ingestion failed: ${result.code}`);
  },
});

// Spec 1 §9: reviews are ingested every hour. One job per clinic, so one clinic's provider
// trouble neither delays nor fails another's, and any number of workers share the load.
export const ingestReviewsHourlyJob = defineJob({
  name: 'ingest-reviews-hourly',
  payload: z.object({}),
  schedule: { cron: '7 * * * *' },
  handle: async (_payload, ctx) => {
    const clinicIds = await listClinicsWithReviewSource(ctx);
    const queued = await ctx.sendMany(
      ingestClinicReviewsJobName,
      clinicIds.map((clinicId) => ({ payload: { clinicId }, singletonKey: clinicId })),
    );
    ctx.log.info({ clinics: clinicIds.length, queued }, 'review ingestion scheduled');
  },
});
