/**
 * Security Hardening (spec 2 §2, §3, §4, §9): the eight checks, their severities, and the rules
 * that turn what the running system shows into pass / warning / fail. The server gathers the facts;
 * these functions decide.
 */
export const securityCheckIds = [
  'secure_headers',
  'https_tls',
  'password_policy',
  'two_factor_adoption',
  'credential_health',
  'security_events',
  'secrets_encryption',
  'session_lifetime',
] as const;
export type SecurityCheckId = (typeof securityCheckIds)[number];

export const securityCheckStatuses = ['pass', 'warning', 'fail'] as const;
export type SecurityCheckStatus = (typeof securityCheckStatuses)[number];

export const securityCheckSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type SecurityCheckSeverity = (typeof securityCheckSeverities)[number];

export const securityCheckSeverity = {
  secure_headers: 'high',
  https_tls: 'critical',
  password_policy: 'high',
  two_factor_adoption: 'high',
  credential_health: 'medium',
  security_events: 'critical',
  secrets_encryption: 'critical',
  session_lifetime: 'medium',
} as const satisfies Record<SecurityCheckId, SecurityCheckSeverity>;

/** Spec 2 §8: only secure_headers supports auto-fix. */
export const isAutoFixable = (id: SecurityCheckId) => id === 'secure_headers';

export const autoFixNotImplementedMessage = 'Auto-fix not implemented for this check';

export const isSecurityCheckId = (value: string): value is SecurityCheckId =>
  (securityCheckIds as readonly string[]).includes(value);

/** Security score: the percent of checks passing (spec 2 §9), rounded to a whole percent. */
export function securityScore(statuses: readonly SecurityCheckStatus[]): number {
  if (statuses.length === 0) return 0;
  const passing = statuses.filter((status) => status === 'pass').length;
  return Math.round((passing / statuses.length) * 100);
}

/** The headers every answer must carry; HSTS only where the service is reached over TLS. */
export const requiredSecurityHeaders = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
] as const;

type Headers = Readonly<Record<string, string | number | readonly string[] | undefined>>;

const headerText = (headers: Headers, name: string): string | null => {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
};

/**
 * The security headers an answer lacks or weakens, by name: a CSP without `frame-ancestors` or
 * `default-src`, `X-Content-Type-Options` other than nosniff, `Strict-Transport-Security` missing
 * or shorter than 180 days behind TLS. Header names are read in lower case (Node's own).
 */
export function missingSecurityHeaders(headers: Headers, options: { isTls: boolean }): string[] {
  const missing: string[] = [];
  for (const name of requiredSecurityHeaders) {
    const value = headerText(headers, name);
    if (value === null || value.trim() === '') missing.push(name);
    else if (name === 'content-security-policy' && !/frame-ancestors\s/.test(value)) missing.push(name);
    else if (name === 'content-security-policy' && !/default-src\s/.test(value)) missing.push(name);
    else if (name === 'x-content-type-options' && value.trim().toLowerCase() !== 'nosniff')
      missing.push(name);
  }
  if (options.isTls && hstsMaxAge(headerText(headers, 'strict-transport-security')) < minHstsSeconds)
    missing.push('strict-transport-security');
  return missing;
}

/** 180 days: what HSTS preload checkers accept as the least useful max-age. */
export const minHstsSeconds = 180 * 24 * 3600;

export function hstsMaxAge(value: string | null): number {
  const match = value?.match(/max-age\s*=\s*"?(\d+)"?/i);
  return match ? Number(match[1]) : 0;
}

export function secureHeadersStatus(missing: readonly string[]): SecurityCheckStatus {
  return missing.length === 0 ? 'pass' : 'fail';
}

/**
 * HTTPS: in production the public URL must be https and HSTS served; outside production a plain
 * http address is a warning (a laptop), never a pass.
 */
export function httpsStatus(facts: {
  isProduction: boolean;
  isTls: boolean;
  hstsMaxAgeSeconds: number;
}): SecurityCheckStatus {
  if (facts.isTls && facts.hstsMaxAgeSeconds >= minHstsSeconds) return 'pass';
  if (!facts.isTls && !facts.isProduction) return 'warning';
  return 'fail';
}

/** Passwords: at least 8 characters and common passwords refused pass; 6-7 a warning; less fails. */
export function passwordPolicyStatus(facts: {
  minimumLength: number;
  refusesCommonPasswords: boolean;
}): SecurityCheckStatus {
  if (facts.minimumLength >= 8 && facts.refusesCommonPasswords) return 'pass';
  if (facts.minimumLength >= 6) return 'warning';
  return 'fail';
}

/** Two-factor: every owner and admin has it (pass), some do (warning), none do (fail). */
export function twoFactorStatus(facts: {
  managers: number;
  managersWithTwoFactor: number;
}): SecurityCheckStatus {
  if (facts.managers > 0 && facts.managersWithTwoFactor >= facts.managers) return 'pass';
  if (facts.managersWithTwoFactor > 0) return 'warning';
  return 'fail';
}

/** Spec 2 §4: downgraded to warning when unhealthy credentials exist. */
export function credentialHealthStatus(facts: { unhealthy: number }): SecurityCheckStatus {
  return facts.unhealthy > 0 ? 'warning' : 'pass';
}

/** Spec 2 §4: downgraded to warning when critical security events occurred in the last 24 hours. */
export function securityEventsStatus(facts: { critical24h: number }): SecurityCheckStatus {
  return facts.critical24h > 0 ? 'warning' : 'pass';
}

/** Every saved secret must open under the current key; one that does not is lost until the old key returns. */
export function secretsEncryptionStatus(facts: { total: number; unreadable: number }): SecurityCheckStatus {
  return facts.unreadable > 0 ? 'fail' : 'pass';
}

/** HIPAA automatic logoff: 30 minutes idle or less, and no session older than 7 days. */
export const maxRecommendedIdleMinutes = 30;
export const maxRecommendedSessionDays = 7;

export function sessionLifetimeStatus(facts: {
  idleTimeoutMinutes: number;
  absoluteLifetimeDays: number;
}): SecurityCheckStatus {
  const idleOk = facts.idleTimeoutMinutes <= maxRecommendedIdleMinutes;
  const absoluteOk = facts.absoluteLifetimeDays <= maxRecommendedSessionDays;
  if (idleOk && absoluteOk) return 'pass';
  if (facts.idleTimeoutMinutes > 120 || facts.absoluteLifetimeDays > 30) return 'fail';
  return 'warning';
}
