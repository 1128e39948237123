import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './integrations/mail/mail.client';
import type { SandboxStates } from './integrations/sandbox-states';
import type { JobRunner } from './jobs/job-runner';
import type { SecretBox } from './lib/secret-box';
import type { UnsubscribeTokens } from './lib/unsubscribe-token';
import type { ApiUsageBuffer } from './modules/api-clients/api-usage-buffer';
import type { PatientIdIssuer } from './modules/patients/patient-id-issuer';
import type { ProcedureListCache } from './modules/procedures/procedure-list-cache';
import type { SurveyLinkTokens } from './modules/surveys/survey-link-token';
import type { Metrics } from './observability/metrics';
import type { Auth } from './plugins/auth/create-auth';
import type { RequestContextResolver } from './plugins/request-context';

/** What modules are given: each service takes the pieces it names from here. */
export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  auth: Auth;
  mailer: Mailer;
  secretBox: SecretBox;
  /** Signs and checks the Daily Digest's unsubscribe links. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Derives each survey link's token, never stored (ADR 013). */
  surveyLinkTokens: SurveyLinkTokens;
  jobs: JobRunner;
  requestContext: RequestContextResolver;
  /** The public API's budget hits and audit rows, written in batches (ADR 020). */
  apiUsage: ApiUsageBuffer;
  /** Each clinic's procedure list, kept for `SESSION_CACHE_SECONDS` (ADR 023). */
  procedureLists: ProcedureListCache;
  /** The patient ids this process issued in the current millisecond (no collision with itself). */
  patientIds: PatientIdIssuer;
  /** The provider fakes' state (mounted in sandbox mode), one set per process. */
  sandboxes: SandboxStates;
  log: FastifyBaseLogger;
  /** The Prometheus metrics when METRICS_PORT is set (served apart from the app, `observability/`). */
  metrics: Metrics | null;
  /** The app's clock (tests move it instead of sleeping); Date.now when absent. */
  clock?: () => number;
};
