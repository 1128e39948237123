import { planPrices, stripeProductName } from '@careloop/domain/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createMailer } from './integrations/mail/mail.client';
import { createDemoSandboxStates } from './integrations/sandbox-states';
import { createJobRunner } from './jobs/job-runner';
import { jobRegistry } from './jobs/registry';
import { loadOrCreateKey, SecretBox } from './lib/secret-box';
import { createUnsubscribeTokens } from './lib/unsubscribe-token';
import { createApiUsageBuffer } from './modules/api-clients/api-usage-buffer';
import { createSignInAuditSink } from './modules/audit/audit.service';
import { createPatientIdIssuer } from './modules/patients/patient-id-issuer';
import { createProcedureListCache } from './modules/procedures/procedure-list-cache';
import { createSurveyLinkTokens } from './modules/surveys/survey-link-token';
import type { Metrics } from './observability/metrics';
import type { WorkTracer } from './observability/work-tracer';
import { createAuth } from './plugins/auth/create-auth';
import { createRequestContext } from './plugins/request-context';

/** Wires the services every module is given, from one config and one open database. */
export function createAppDeps(
  config: AppConfig,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  options: { now?: () => number; metrics?: Metrics | null; tracer?: WorkTracer | null } = {},
): Omit<AppDeps, 'log'> {
  const db = database.db;
  const mailer = createMailer({ ...config.mail, log });
  const secretBox = new SecretBox(loadOrCreateKey(config.secretsKeyHex, config.dataDir, 'secrets.key'));
  const authSecret =
    config.auth.secret ?? loadOrCreateKey(undefined, config.dataDir, 'auth-secret.key').toString('hex');
  const auth = createAuth({ config, db, secret: authSecret, mailer, audit: createSignInAuditSink(db) });
  const unsubscribeTokens = createUnsubscribeTokens(authSecret);
  const surveyLinkTokens = createSurveyLinkTokens(authSecret);
  const jobs = createJobRunner(
    database,
    jobRegistry,
    {
      db,
      log,
      config,
      secretBox,
      mailer,
      unsubscribeTokens,
      surveyLinkTokens,
      sendMany: (name, queued) => jobs.sendMany(name, queued),
    },
    { metrics: options.metrics ?? null, tracer: options.tracer ?? null },
  );
  const requestContext = createRequestContext({
    auth,
    db,
    absoluteLifetimeSeconds: config.auth.sessionAbsoluteSeconds,
    identityCacheMs: config.auth.sessionCacheMs,
    ...(options.now ? { now: options.now } : {}),
  });
  const sandboxes = createDemoSandboxStates({
    stripeProfessional: {
      productName: stripeProductName('professional'),
      unitAmount: planPrices.professional.totalCents,
    },
  });
  const apiUsage = createApiUsageBuffer(db, {
    ...(options.now ? { now: options.now } : {}),
    onError: (error) => log.error({ err: error }, 'api usage flush failed'),
  });
  return {
    config,
    database,
    db,
    auth,
    mailer,
    secretBox,
    unsubscribeTokens,
    surveyLinkTokens,
    jobs,
    requestContext,
    apiUsage,
    procedureLists: createProcedureListCache(config.auth.sessionCacheMs),
    patientIds: createPatientIdIssuer(),
    sandboxes,
    metrics: options.metrics ?? null,
    ...(options.now ? { clock: options.now } : {}),
  };
}
