import type { SecurityCheck, SecurityScan } from '@careloop/contracts/security-hardening';
import { securityScore } from '@careloop/domain/security-checks';

/** The scan with one check's newer result in its place, the score counted again. */
export function withCheck(scan: SecurityScan, check: SecurityCheck): SecurityScan {
  const checks = scan.checks.map((c) => (c.id === check.id ? check : c));
  return {
    ...scan,
    checks,
    passing: checks.filter((c) => c.status === 'pass').length,
    score: securityScore(checks.map((c) => c.status)),
  };
}

/** Score colour: all passing green, three quarters or more yellow, less red. */
export const scoreColor = (score: number) => (score === 100 ? 'green' : score >= 75 ? 'yellow' : 'red');
