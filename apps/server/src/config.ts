import path from 'node:path';
import { z } from 'zod';
import { contactEnvShape, siteContactsFrom } from './config-contacts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /** Runs a send-messages run that finds a wave queues for the other worker processes (their number - 1). */
  SEND_HELPERS: z.coerce.number().int().min(0).max(16).default(1),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanString.default(false),
  /**
   * Browser origins that may call the public API (/api/v1) and read its document, comma-separated;
   * `*` opens the document alone to every origin (the API itself only ever to listed origins).
   */
  API_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (origin) => origin === '*' || isOrigin(origin),
            'API_CORS_ORIGINS must list origins (scheme://host[:port]) or *, comma-separated',
          ),
      ),
    ),
  /** Requests per minute one signed-in user may make (all signed-in routes together, per process). */
  SIGNED_IN_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'SECRETS_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(7),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(30).default(2),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CareLoop <no-reply@careloop.local>'),
  /** Where every public request (enterprise, demo, contact) is mailed. Required in production. */
  SALES_EMAIL: z.email('SALES_EMAIL must be one e-mail address').or(z.literal('')).optional(),
  /** People who run the service (not clinic staff), comma-separated: they see the internal admin pages. */
  OPERATOR_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('OPERATOR_EMAILS must list e-mail addresses, comma-separated'))),
  ...contactEnvShape,
  SEED_DEMO: booleanString.default(true),
  SANDBOX_MODE: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics on a listener of their own (`/metrics`), never on the public port; unset: off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where that listener binds: this machine only unless said otherwise. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** An OTLP/HTTP collector (`http://collector:4318`): traces are exported there; unset: no tracing at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://localhost:4318',
    })
    .or(z.literal(''))
    .optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** One AI call may take longer than a provider API call. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  WEB_DIST_DIR: z.string().optional(),
  TRUSTPILOT_API_URL: z.string().url().default('https://api.trustpilot.com/v1'),
  GOOGLE_BUSINESS_API_URL: z.string().url().default('https://mybusiness.googleapis.com/v4'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION looks like v21.0')
    .default('v21.0'),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  VONAGE_API_URL: z.string().url().default('https://rest.nexmo.com'),
  /** SMS through AWS SNS: the region used to sign and reach `sns.{region}.amazonaws.com`. */
  AWS_SNS_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'AWS_SNS_REGION looks like us-east-1')
    .default('us-east-1'),
  /** A fixed SNS endpoint instead (a VPC endpoint, LocalStack); unset: the region's public one. */
  AWS_SNS_API_URL: z.string().url().or(z.literal('')).optional(),
  /** Stripe Billing for plan changes (providers.md §11); unset key: billing runs on the sandbox's fake, in sandbox mode. */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY looks like sk_live_...')
    .or(z.literal(''))
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET looks like whsec_...')
    .or(z.literal(''))
    .optional(),
  /** The Stripe price of the professional plan (price_...). */
  STRIPE_PRICE_PROFESSIONAL: z
    .string()
    .regex(/^price_\w+$/, 'STRIPE_PRICE_PROFESSIONAL looks like price_...')
    .or(z.literal(''))
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Where clinics in sandbox mode reach the fakes (`/sandbox/<provider>`); defaults to this server. */
  SANDBOX_URL: z.string().url().optional(),
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  INTEGRATION_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  INTEGRATION_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  /** One outbound webhook attempt (Standard Webhooks recommends 15-30 s). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(15_000),
  /**
   * Outbound webhook targets exempt from the private-address check, as host:port exactly as written
   * in the endpoint URL (a local receiver in tests or on a laptop). Refused in production.
   */
  WEBHOOK_ALLOWED_PRIVATE_TARGETS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((target) => target.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^[^\s/:]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/, 'host:port, comma-separated')),
    ),
});

// In production the key lives in a secret manager: a key file generated into DATA_DIR would sit
// beside the database and its backups, and losing it loses every saved secret.
const checkedEnvSchema = envSchema.superRefine((e, issues) => {
  if (e.NODE_ENV === 'production' && !e.SECRETS_KEY)
    issues.addIssue({
      code: 'custom',
      path: ['SECRETS_KEY'],
      message:
        'required when NODE_ENV=production: 64 hex characters (openssl rand -hex 32) from your secret manager; see docs/deploy.md "Secrets key"',
    });
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOWED_PRIVATE_TARGETS.length > 0)
    issues.addIssue({
      code: 'custom',
      path: ['WEBHOOK_ALLOWED_PRIVATE_TARGETS'],
      message: 'not allowed when NODE_ENV=production: webhooks never reach private addresses there',
    });
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    issues.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT: metrics are never served on the public port',
    });
  if (e.NODE_ENV === 'production' && !e.SALES_EMAIL)
    issues.addIssue({
      code: 'custom',
      path: ['SALES_EMAIL'],
      message:
        'required when NODE_ENV=production: the address that receives enterprise, demo and contact requests',
    });
});

export class InvalidEnvironmentError extends Error {}

/** Parses the environment once; every bad key is listed before the process exits. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    role: e.ROLE,
    jobs: { sendHelpers: e.SEND_HELPERS },
    http: {
      port: e.PORT,
      host: e.HOST,
      publicUrl,
      isTls: publicUrl.startsWith('https://'),
      trustProxy: e.TRUST_PROXY,
      signedInRequestsPerMinute: e.SIGNED_IN_REQUESTS_PER_MINUTE,
      apiCorsOrigins: e.API_CORS_ORIGINS,
    },
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL }
      : { kind: 'pglite' as const },
    auth: {
      secret: e.BETTER_AUTH_SECRET,
      trustedOrigins: [
        publicUrl,
        ...loopbackTwins(publicUrl),
        ...(e.TRUSTED_ORIGINS?.split(',').map((s) => s.trim()) ?? []),
      ].filter(Boolean),
      sessionIdleSeconds: Math.round(e.SESSION_IDLE_HOURS * 3600),
      sessionAbsoluteSeconds: Math.round(e.SESSION_ABSOLUTE_DAYS * 86400),
      sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
      /** Cheap password hashing for the test suites only (lib/password-hash.ts says why). */
      passwordHashCost: e.NODE_ENV === 'test' ? ('test' as const) : ('standard' as const),
    },
    secretsKeyHex: e.SECRETS_KEY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    /** Leads from the public site are mailed here (on a laptop: the outbox, under this name). */
    salesEmail: e.SALES_EMAIL || 'sales@careloop.local',
    /** The company's public contacts that are set (pages, security.txt). */
    siteContacts: siteContactsFrom(e),
    /** Operators of the service, by signed-in e-mail (lower case): the internal admin pages. */
    operatorEmails: e.OPERATOR_EMAILS,
    seedDemo: e.SEED_DEMO && !isProduction,
    sandboxMode: e.SANDBOX_MODE ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    observability: {
      metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
      tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT } : null,
    },
    openai: {
      apiKey: e.OPENAI_API_KEY || undefined,
      baseUrl: e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      // A key (OpenAI) or a base URL of its own (Ollama, vLLM without a key) means a model is there.
      isConfigured: Boolean(e.OPENAI_API_KEY || e.OPENAI_BASE_URL),
    },
    webDistDir: e.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    integrations: {
      http: {
        timeoutMs: e.INTEGRATION_TIMEOUT_MS,
        maxRetries: e.INTEGRATION_MAX_RETRIES,
        baseDelayMs: e.INTEGRATION_RETRY_BASE_MS,
      },
      webhooks: {
        timeoutMs: e.WEBHOOK_TIMEOUT_MS,
        allowedPrivateTargets: isProduction ? [] : e.WEBHOOK_ALLOWED_PRIVATE_TARGETS,
      },
      sandboxUrl: (e.SANDBOX_URL ?? `${publicUrl}/sandbox`).replace(/\/+$/, ''),
      trustpilot: { apiUrl: e.TRUSTPILOT_API_URL },
      whatsapp: { apiUrl: e.WHATSAPP_API_URL, version: e.WHATSAPP_API_VERSION },
      twilio: { apiUrl: e.TWILIO_API_URL },
      vonage: { apiUrl: e.VONAGE_API_URL },
      awsSns: { region: e.AWS_SNS_REGION, apiUrl: e.AWS_SNS_API_URL || undefined },
      stripe: {
        apiUrl: e.STRIPE_API_URL,
        secretKey: e.STRIPE_SECRET_KEY || undefined,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
        prices: { professional: e.STRIPE_PRICE_PROFESSIONAL || undefined },
      },
      google: {
        apiUrl: e.GOOGLE_BUSINESS_API_URL,
        tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
      },
    },
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A PUBLIC_URL on this machine also answers at its other loopback names (http://127.0.0.1:3000 for
 * http://localhost:3000): the same server, so a browser opened at either may sign in.
 */
function loopbackTwins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!loopbackHosts.includes(url.hostname)) return [];
  return loopbackHosts
    .filter((host) => host !== url.hostname)
    .map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** An origin as browsers send it: scheme, host and port, nothing after. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
