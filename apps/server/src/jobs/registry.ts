import { applyDataRetentionJob } from './apply-data-retention.job';
import { backfillPatientRiskJob } from './backfill-patient-risk.job';
import { checkClinicCredentialsJob, checkCredentialsDailyJob } from './check-credentials.job';
import { cleanupLogsJob } from './cleanup-logs.job';
import { cleanupWebhookDeliveriesJob, deliverWebhooksJob } from './deliver-webhooks.job';
import { draftReviewRepliesJob } from './draft-review-replies.job';
import { ingestClinicReviewsJob, ingestReviewsHourlyJob } from './ingest-reviews.job';
import type { RunnableJob } from './job-definition';
import { planClinicFollowUpsJob, planFollowUpsJob } from './plan-followups.job';
import { planClinicSurveysJob, planSurveysJob } from './plan-surveys.job';
import { recordSystemStatusJob } from './record-system-status.job';
import { refreshPlannerStatisticsJob } from './refresh-planner-statistics.job';
import { sendDailyDigestsJob } from './send-daily-digests.job';
import { sendMessagesJob } from './send-messages.job';

/** Every job the workers run, with its schedule: the one place to look. */
export const jobRegistry: RunnableJob[] = [
  cleanupLogsJob,
  ingestReviewsHourlyJob,
  ingestClinicReviewsJob,
  draftReviewRepliesJob,
  planFollowUpsJob,
  planClinicFollowUpsJob,
  planSurveysJob,
  planClinicSurveysJob,
  sendMessagesJob,
  refreshPlannerStatisticsJob,
  checkCredentialsDailyJob,
  checkClinicCredentialsJob,
  recordSystemStatusJob,
  applyDataRetentionJob,
  deliverWebhooksJob,
  cleanupWebhookDeliveriesJob,
  sendDailyDigestsJob,
  backfillPatientRiskJob,
];
