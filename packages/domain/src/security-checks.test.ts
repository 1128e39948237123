import { describe, expect, it } from 'vitest';
import {
  credentialHealthStatus,
  hstsMaxAge,
  httpsStatus,
  isAutoFixable,
  missingSecurityHeaders,
  passwordPolicyStatus,
  secretsEncryptionStatus,
  securityCheckIds,
  securityEventsStatus,
  securityScore,
  sessionLifetimeStatus,
  twoFactorStatus,
} from './security-checks';

const served = {
  'content-security-policy': "default-src 'self';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('security checks', () => {
  it('are eight, and only secure_headers is auto-fixable', () => {
    expect(securityCheckIds).toHaveLength(8);
    expect(securityCheckIds.filter(isAutoFixable)).toEqual(['secure_headers']);
  });

  it.each([
    [[], 0],
    [['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'], 100],
    [['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'warning', 'fail'], 75],
    [['pass', 'warning', 'fail'], 33],
  ] as const)('score of %j is %i', (statuses, score) => {
    expect(securityScore(statuses)).toBe(score);
  });

  it.each([
    [served, false, []],
    [{ ...served, 'x-frame-options': undefined }, false, ['x-frame-options']],
    [{ ...served, 'content-security-policy': "default-src 'self'" }, false, ['content-security-policy']],
    [{ ...served, 'x-content-type-options': 'sniff' }, false, ['x-content-type-options']],
    [served, true, ['strict-transport-security']],
    [{ ...served, 'strict-transport-security': 'max-age=3600' }, true, ['strict-transport-security']],
    [{ ...served, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }, true, []],
    [{}, false, ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']],
  ])('missing headers of %j (TLS %s): %j', (headers, isTls, missing) => {
    expect(missingSecurityHeaders(headers, { isTls })).toEqual(missing);
  });

  it('reads the HSTS max-age', () => {
    expect(hstsMaxAge('max-age=31536000; includeSubDomains')).toBe(31_536_000);
    expect(hstsMaxAge(null)).toBe(0);
    expect(hstsMaxAge('includeSubDomains')).toBe(0);
  });

  it.each([
    [{ isProduction: true, isTls: true, hstsMaxAgeSeconds: 31_536_000 }, 'pass'],
    [{ isProduction: true, isTls: true, hstsMaxAgeSeconds: 0 }, 'fail'],
    [{ isProduction: true, isTls: false, hstsMaxAgeSeconds: 0 }, 'fail'],
    [{ isProduction: false, isTls: false, hstsMaxAgeSeconds: 0 }, 'warning'],
  ] as const)('https %j -> %s', (facts, status) => {
    expect(httpsStatus(facts)).toBe(status);
  });

  it.each([
    [{ minimumLength: 8, refusesCommonPasswords: true }, 'pass'],
    [{ minimumLength: 8, refusesCommonPasswords: false }, 'warning'],
    [{ minimumLength: 6, refusesCommonPasswords: true }, 'warning'],
    [{ minimumLength: 4, refusesCommonPasswords: true }, 'fail'],
  ] as const)('passwords %j -> %s', (facts, status) => {
    expect(passwordPolicyStatus(facts)).toBe(status);
  });

  it.each([
    [{ managers: 2, managersWithTwoFactor: 2 }, 'pass'],
    [{ managers: 2, managersWithTwoFactor: 1 }, 'warning'],
    [{ managers: 2, managersWithTwoFactor: 0 }, 'fail'],
    [{ managers: 0, managersWithTwoFactor: 0 }, 'fail'],
  ] as const)('two-factor %j -> %s', (facts, status) => {
    expect(twoFactorStatus(facts)).toBe(status);
  });

  it('downgrades credentials and security events to warning (spec 2 §4); an unreadable secret fails', () => {
    expect(credentialHealthStatus({ unhealthy: 0 })).toBe('pass');
    expect(credentialHealthStatus({ unhealthy: 1 })).toBe('warning');
    expect(securityEventsStatus({ critical24h: 0 })).toBe('pass');
    expect(securityEventsStatus({ critical24h: 3 })).toBe('warning');
    expect(secretsEncryptionStatus({ total: 0, unreadable: 0 })).toBe('pass');
    expect(secretsEncryptionStatus({ total: 3, unreadable: 1 })).toBe('fail');
  });

  it.each([
    [{ idleTimeoutMinutes: 30, absoluteLifetimeDays: 7 }, 'pass'],
    [{ idleTimeoutMinutes: 60, absoluteLifetimeDays: 7 }, 'warning'],
    [{ idleTimeoutMinutes: 30, absoluteLifetimeDays: 14 }, 'warning'],
    [{ idleTimeoutMinutes: 720, absoluteLifetimeDays: 7 }, 'fail'],
    [{ idleTimeoutMinutes: 30, absoluteLifetimeDays: 90 }, 'fail'],
  ] as const)('sessions %j -> %s', (facts, status) => {
    expect(sessionLifetimeStatus(facts)).toBe(status);
  });
});
