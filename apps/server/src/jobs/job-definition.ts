import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../integrations/mail/mail.client';
import type { SecretBox } from '../lib/secret-box';
import type { UnsubscribeTokens } from '../lib/unsubscribe-token';
import type { SurveyLinkTokens } from '../modules/surveys/survey-link-token';

export type JobContext = {
  db: Database;
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
  config: AppConfig;
  /** Opens provider secrets for jobs that call a provider. */
  secretBox: SecretBox;
  /** E-mail to clinics (an outbound webhook endpoint disabled for failing; the Daily Digest). */
  mailer: Mailer;
  /** Signs the Daily Digest's unsubscribe links. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Derives survey links' tokens (the survey planner and the sender). */
  surveyLinkTokens: SurveyLinkTokens;
  /**
   * Enqueues jobs of one name in one statement (fan-out, e.g. one ingestion per clinic) and answers
   * how many were queued: on a queue with `onePendingPerKey`, a key that already waits adds none.
   */
  sendMany: (name: string, jobs: QueuedJob[]) => Promise<number>;
  /**
   * Aborted when the process stops working its queues, or when the run passed its job's
   * `maxRunSeconds`: a run that waits for more work (the webhook sender between its looks) ends its
   * wait instead of holding the shutdown or its queue.
   */
  stopping?: AbortSignal;
};

/** One job to enqueue: its payload and, for a per-clinic job, the clinic as its key. */
export type QueuedJob = { payload: object; singletonKey?: string };

/**
 * How a job's queue is worked, beside its payload and handler. `concurrency`: how many of its runs one
 * process may have in flight at once (1, the default, for the sweeps and the fan-out parents; more for
 * the per-clinic jobs, whose runs are independent). `onePendingPerKey`: at most one job per
 * `singletonKey` waits in the queue, so a fan-out that runs again before a clinic's job started adds
 * nothing for it (set when the queue is created; an existing queue keeps the policy it was made with).
 */
type QueueSpec = {
  retryLimit?: number;
  concurrency?: number;
  onePendingPerKey?: boolean;
  /**
   * How long one run may take, in seconds (the runner's default when not given): past it the run is
   * failed, so that pg-boss retries its job, and told through `stopping`.
   */
  maxRunSeconds?: number;
};

/** A job is a name, a payload schema and a handler; a schedule (cron, UTC unless tz) is optional. */
type JobSpec<Schema extends z.ZodType> = QueueSpec & {
  name: string;
  payload: Schema;
  schedule?: { cron: string; tz?: string };
  handle: (payload: z.infer<Schema>, ctx: JobContext) => Promise<void>;
};

/**
 * What the runner needs of any job, whatever its payload: `run` parses the queued data with the job's
 * own schema before its handler sees it, so a list of jobs with different payloads needs no cast.
 */
export type RunnableJob = QueueSpec & {
  name: string;
  schedule?: { cron: string; tz?: string };
  run: (data: unknown, ctx: JobContext) => Promise<void>;
};

type JobDefinition<Schema extends z.ZodType = z.ZodType> = JobSpec<Schema> & RunnableJob;

/** A job whose handler is checked against its payload schema's type. */
export function defineJob<Schema extends z.ZodType>(spec: JobSpec<Schema>): JobDefinition<Schema> {
  return { ...spec, run: async (data, ctx) => spec.handle(spec.payload.parse(data), ctx) };
}
