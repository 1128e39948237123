import { apiScopes } from '@careloop/contracts/api-clients';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { awsSnsSandbox } from './integrations/aws-sns/aws-sns.sandbox';
import { googleReviewsSandbox } from './integrations/google-reviews/google-reviews.sandbox';
import { openAiSandbox } from './integrations/openai/openai.sandbox';
import { stripeSandbox } from './integrations/stripe/stripe.sandbox';
import { trustpilotSandbox } from './integrations/trustpilot/trustpilot.sandbox';
import { twilioSandbox } from './integrations/twilio/twilio.sandbox';
import { vonageSandbox } from './integrations/vonage/vonage.sandbox';
import { whatsAppSandbox } from './integrations/whatsapp/whatsapp.sandbox';
import { logSerializers } from './lib/log-redaction';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { accountRoutes } from './modules/account/account.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createApiCallerCache } from './modules/api-clients/api-caller-cache';
import { apiClientsRoutes } from './modules/api-clients/api-clients.routes';
import { oauthTokenRoutes } from './modules/api-clients/oauth-token.routes';
import { v1AnalyticsRoutes } from './modules/api-v1/v1-analytics.routes';
import { v1FollowUpsRoutes } from './modules/api-v1/v1-followups.routes';
import { v1NotFound } from './modules/api-v1/v1-not-found';
import { v1OpenApiDocument } from './modules/api-v1/v1-openapi';
import { v1PatientsRoutes } from './modules/api-v1/v1-patients.routes';
import { v1ReviewsRoutes } from './modules/api-v1/v1-reviews.routes';
import { automationRoutes } from './modules/automation/automation.routes';
import { webhookInfoRoutes } from './modules/automation/webhook-info.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { operatorPlanRoutes } from './modules/billing/operator-plan.routes';
import { brandingRoutes } from './modules/branding/branding.routes';
import { casesRoutes } from './modules/cases/cases.routes';
import { meRoutes } from './modules/clinics/me.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { digestRoutes } from './modules/digest/digest.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inboundRoutes } from './modules/inbound/inbound.routes';
import { signSandboxWebhooksWithClinicSecrets } from './modules/inbound/sandbox-webhook-signing';
import { ingestionRoutes } from './modules/ingestion/ingestion.routes';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { patientAliasesRoutes } from './modules/patient-aliases/patient-aliases.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { proceduresRoutes } from './modules/procedures/procedures.routes';
import { leadsRoutes } from './modules/public-site/leads.routes';
import { publicSiteRoutes } from './modules/public-site/public-site.routes';
import { subscriptionRoutes } from './modules/public-site/subscriptions.routes';
import { reportingRoutes } from './modules/reporting/reporting.routes';
import { reviewRepliesRoutes } from './modules/review-replies/review-replies.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { sandboxClockRoutes } from './modules/sandbox/sandbox-clock.routes';
import { sandboxModeRoutes } from './modules/sandbox/sandbox-mode.routes';
import { sandboxTrialRoutes } from './modules/sandbox/sandbox-trial.routes';
import { secretsRoutes } from './modules/secrets/secrets.routes';
import { securityHardeningRoutes } from './modules/security-hardening/security-hardening.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { surveyAnswerRoutes } from './modules/surveys/survey-answers.routes';
import { surveyPageRoutes } from './modules/surveys/survey-page.routes';
import { surveySettingsRoutes } from './modules/surveys/survey-settings.routes';
import { teamRoutes } from './modules/team/team.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { testingChecklistRoutes } from './modules/testing-checklist/testing-checklist.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { webhookEndpointsRoutes } from './modules/webhooks/webhook-endpoints.routes';
import { registerHttpMetrics } from './observability/http-metrics';
import { registerRequestOrigin } from './observability/work-origin';
import { createBearerGuard } from './plugins/api-bearer';
import { registerApiCors } from './plugins/api-cors';
import { registerAuthRoutes } from './plugins/auth/auth.plugin';
import { answerUnreadableUrl, registerErrorHandler } from './plugins/error-handler';
import { registerIdentityCacheReset } from './plugins/identity-cache';
import { registerJsonBodyDepthLimit } from './plugins/json-body-depth';
import { createDatabaseRateLimitStore } from './plugins/rate-limit-store';
import { registerRequestId, requestIdOf } from './plugins/request-id';
import { OneLinePerRequest } from './plugins/request-log';
import { registerRetryAfter } from './plugins/retry-after';
import { declareScopeAccess, registerRouteAccess } from './plugins/route-access';
import { registerSecurityHeaders } from './plugins/security-headers';
import { createSignedInGuards } from './plugins/signed-in-guards';
import { registerTextInputGuard } from './plugins/text-input-guard';
import { registerWebApp } from './plugins/web-app';

export type BuildAppOptions = {
  /** Honour X-Forwarded-For (behind a proxy, and in tests that stand for many clients). */
  trustProxy?: boolean;
  logger?: boolean | object;
  /** Write every response body zod's way too and throw where the two differ (tests). */
  verifyResponses?: boolean;
};

export const loggerOptions = (level: string, mixin?: () => object) => ({
  level,
  // With tracing on: the trace and span ids of the line's request or job (observability/tracing-runtime.ts).
  ...(mixin ? { mixin } : {}),
  // Cookies, tokens and statement parameters never reach a log line: the request is logged as its
  // method, redacted URL, host and address only, and an answer as its status (no headers), so no
  // `redact` pass (a copy of every line's objects) is needed.
  serializers: logSerializers,
});

/** Plugins in a fixed order, then modules, then the web app; tests call this without listening. */
export async function buildApp(deps: Omit<AppDeps, 'log'>, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config.logLevel),
    trustProxy: options.trustProxy ?? deps.config.http.trustProxy,
    bodyLimit: 1024 * 1024,
    // The caller's X-Request-Id when well-formed (plugins/request-id.ts), else one of ours.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One line per request instead of two (plugins/request-log.ts).
    logController: new OneLinePerRequest(),
    // A URL the router cannot read (bad percent-encoding, a path segment past its length) is a 400
    // in the app's envelope, not Fastify's own body (plugins/error-handler.ts).
    frameworkErrors: answerUnreadableUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: options.verifyResponses ?? false }));
  const fullDeps: AppDeps = { ...deps, log: app.log };

  registerRequestId(app);
  registerRequestOrigin(app);
  if (deps.metrics) registerHttpMetrics(app, deps.metrics);
  registerApiCors(app, deps.config.http.apiCorsOrigins);
  registerErrorHandler(app);
  registerJsonBodyDepthLimit(app);
  const apiCallers = createApiCallerCache(deps.db, deps.config.auth.sessionCacheMs);
  const bearerGuard = createBearerGuard({
    db: deps.db,
    usage: deps.apiUsage,
    callers: apiCallers,
    ...(deps.clock ? { now: deps.clock } : {}),
  });
  app.addHook('onClose', () => deps.apiUsage.close());
  registerRouteAccess(
    app,
    deps.requestContext,
    createSignedInGuards({
      trustedOrigins: deps.config.auth.trustedOrigins,
      perUserPerMinute: deps.config.http.signedInRequestsPerMinute,
    }),
    deps.config.operatorEmails,
    bearerGuard,
  );
  registerIdentityCacheReset(app, [deps.requestContext.identityCache, apiCallers]);
  registerTextInputGuard(app);
  const securityHeaders = registerSecurityHeaders(app, deps.config.http.isTls);
  registerRetryAfter(app);
  await app.register(rateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(deps.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many requests' },
      retryAfter: context.after,
    }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'CareLoop API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'careloop.session_token' },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'The API client: its client_id and client_secret (RFC 6749 §2.3.1)',
          },
          bearerAuth: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/api/v1/oauth/token',
                scopes: Object.fromEntries(apiScopes.map((scope) => [scope, scope])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await registerAuthRoutes(app, deps.auth, deps.config.http.publicUrl);
  await app.register(healthRoutes(fullDeps));
  await app.register(meRoutes(fullDeps));
  await app.register(accountRoutes(fullDeps));
  await app.register(digestRoutes(fullDeps));
  await app.register(secretsRoutes(fullDeps));
  await app.register(reportingRoutes(fullDeps));
  await app.register(publicSiteRoutes(fullDeps));
  await app.register(leadsRoutes(fullDeps));
  await app.register(subscriptionRoutes(fullDeps));
  await app.register(reviewsRoutes(fullDeps));
  await app.register(reviewRepliesRoutes(fullDeps));
  await app.register(casesRoutes(fullDeps));
  await app.register(patientsRoutes(fullDeps));
  await app.register(patientAliasesRoutes(fullDeps));
  await app.register(proceduresRoutes(fullDeps));
  await app.register(dashboardRoutes(fullDeps));
  await app.register(analyticsRoutes(fullDeps));
  await app.register(ingestionRoutes(fullDeps));
  await app.register(settingsRoutes(fullDeps));
  await app.register(automationRoutes(fullDeps));
  await app.register(surveySettingsRoutes(fullDeps));
  await app.register(surveyAnswerRoutes(fullDeps));
  await app.register(brandingRoutes(fullDeps));
  await app.register(surveyPageRoutes(fullDeps));
  await app.register(webhookInfoRoutes(fullDeps));
  await app.register(outboxRoutes(fullDeps));
  await app.register(templatesRoutes(fullDeps));
  await app.register(onboardingRoutes(fullDeps));
  await app.register(teamRoutes(fullDeps));
  await app.register(inboundRoutes(fullDeps));
  await app.register(conversationsRoutes(fullDeps));
  await app.register(usageRoutes(fullDeps));
  await app.register(testingChecklistRoutes(fullDeps));
  await app.register(billingRoutes(fullDeps));
  await app.register(operatorPlanRoutes(fullDeps));
  await app.register(apiClientsRoutes(fullDeps));
  await app.register(webhookEndpointsRoutes(fullDeps));
  // The public API (/api/v1): versioned, bearer tokens, separate from the web app's private API.
  await app.register(oauthTokenRoutes(fullDeps));
  await app.register(v1PatientsRoutes(fullDeps));
  await app.register(v1ReviewsRoutes(fullDeps));
  await app.register(v1FollowUpsRoutes(fullDeps));
  await app.register(v1AnalyticsRoutes(fullDeps));
  await app.register(v1NotFound(bearerGuard), { prefix: '/api/v1' });
  await app.register(monitoringRoutes(fullDeps));
  await app.register(securityHardeningRoutes(fullDeps, securityHeaders));
  await app.register(complianceRoutes(fullDeps));
  await app.register(sandboxModeRoutes(fullDeps));
  if (deps.config.sandboxMode) {
    // Wire-compatible fakes, for the demo clinic, sandbox clinics and the tests; their state is the
    // process's one set (`deps.sandboxes`), shared with the simulated patient replies.
    const { sandboxes } = deps;
    signSandboxWebhooksWithClinicSecrets(fullDeps);
    await app.register(async (fakes) => {
      declareScopeAccess(fakes, 'sandbox');
      await fakes.register(trustpilotSandbox(sandboxes.trustpilot), { prefix: '/sandbox/trustpilot' });
      await fakes.register(googleReviewsSandbox(sandboxes.googleReviews), {
        prefix: '/sandbox/google-reviews',
      });
      await fakes.register(whatsAppSandbox(sandboxes.whatsapp), { prefix: '/sandbox/whatsapp' });
      await fakes.register(twilioSandbox(sandboxes.twilio), { prefix: '/sandbox/twilio' });
      await fakes.register(vonageSandbox(sandboxes.vonage), { prefix: '/sandbox/vonage' });
      await fakes.register(awsSnsSandbox(sandboxes.awsSns), { prefix: '/sandbox/aws-sns' });
      await fakes.register(openAiSandbox(sandboxes.openai), { prefix: '/sandbox/openai' });
      await fakes.register(stripeSandbox(sandboxes.stripe), { prefix: '/sandbox/stripe' });
    });
    await app.register(sandboxClockRoutes(fullDeps));
    await app.register(sandboxTrialRoutes(fullDeps));
  }
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    v1OpenApiDocument(app, deps.config.http.publicUrl),
  );

  await registerWebApp(app, deps.config.webDistDir, deps.config.http.publicUrl, deps.config.siteContacts);
  return app;
}
