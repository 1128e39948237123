import { applyDataRetentionJob } from './apply-data-retention.job';
import { checkClinicCredentialsJob, checkCredentialsDailyJob } from './check-credentials.job';
import { cleanupLogsJob } from './cleanup-logs.job';
import { cleanupWebhookDeliveriesJob, deliverWebhooksJob } from './deliver-webhooks.job';
import { draftReviewRepliesJob } from './draft-review-replies.job';
import { ingestClinicReviewsJob, ingestReviewsHourlyJob } from './ingest-reviews.job';
import type { JobDefinition } from './job-definition';
import { planFollowUpsJob } from './plan-followups.job';
import { recordSystemStatusJob } from './record-system-status.job';
import { refreshPlannerStatisticsJob } from './refresh-planner-statistics.job';
import { sendDailyDigestsJob } from './send-daily-digests.job';
import { sendMessagesJob } from './send-messages.job';

/** Every job the workers run, with its schedule: the one place to look. */
export const jobRegistry: JobDefinition[] = [
  cleanupLogsJob as unknown as JobDefinition,
  ingestReviewsHourlyJob as unknown as JobDefinition,
  ingestClinicReviewsJob as unknown as JobDefinition,
  draftReviewRepliesJob as unknown as JobDefinition,
  planFollowUpsJob as unknown as JobDefinition,
  sendMessagesJob as unknown as JobDefinition,
  refreshPlannerStatisticsJob as unknown as JobDefinition,
  checkCredentialsDailyJob as unknown as JobDefinition,
  checkClinicCredentialsJob as unknown as JobDefinition,
  recordSystemStatusJob as unknown as JobDefinition,
  applyDataRetentionJob as unknown as JobDefinition,
  deliverWebhooksJob as unknown as JobDefinition,
  cleanupWebhookDeliveriesJob as unknown as JobDefinition,
  sendDailyDigestsJob as unknown as JobDefinition,
];
