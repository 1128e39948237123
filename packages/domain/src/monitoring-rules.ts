export const healthStatuses = ['healthy', 'minor_issues', 'needs_attention'] as const;
export type HealthStatus = (typeof healthStatuses)[number];

export const healthStatusLabels = {
  healthy: 'Healthy',
  minor_issues: 'Minor Issues',
  needs_attention: 'Needs Attention',
} as const satisfies Record<HealthStatus, string>;

function assertCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number of 0 or more`);
}

/** Errors in the last 24 hours: 0 Healthy, under 5 Minor Issues, otherwise Needs Attention. */
export function healthStatus(errorCount: number): HealthStatus {
  assertCount(errorCount, 'Error count');
  if (errorCount === 0) return 'healthy';
  if (errorCount < 5) return 'minor_issues';
  return 'needs_attention';
}

export const loadTimeRatings = ['fast', 'acceptable', 'slow'] as const;
export type LoadTimeRating = (typeof loadTimeRatings)[number];

export const loadTimeRatingLabels = {
  fast: 'Fast',
  acceptable: 'Acceptable',
  slow: 'Slow',
} as const satisfies Record<LoadTimeRating, string>;

/** Under 2000 ms Fast, under 5000 ms Acceptable, otherwise Slow. */
export function loadTimeRating(milliseconds: number): LoadTimeRating {
  if (!(milliseconds >= 0) || milliseconds === Number.POSITIVE_INFINITY) {
    throw new RangeError('Load time must be a finite number of milliseconds, 0 or more');
  }
  if (milliseconds < 2000) return 'fast';
  if (milliseconds < 5000) return 'acceptable';
  return 'slow';
}

export const securityCheckStatuses = ['pass', 'warning', 'fail'] as const;
export type SecurityCheckStatus = (typeof securityCheckStatuses)[number];

export const securitySeverities = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof securitySeverities)[number];

// Percentages are rounded down so that nothing reads 100% (and Ready) until every item passes.
const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 100) / whole));

/** Whole percent of checks with status pass; a warning does not count as passing. No checks: 0. */
export function securityScore(checks: readonly { status: SecurityCheckStatus }[]): number {
  return percentOf(checks.filter((check) => check.status === 'pass').length, checks.length);
}

export const qaPriorities = ['critical', 'high', 'medium', 'low'] as const;
export type QaPriority = (typeof qaPriorities)[number];

export type ChecklistProgress = {
  readonly total: number;
  readonly completed: number;
  readonly percentage: number;
  readonly critical: number;
  readonly criticalCompleted: number;
  readonly criticalPercentage: number;
  readonly criticalRemaining: number;
  /** Ready only when every critical test has passed; a list without critical tests is not ready. */
  readonly isReady: boolean;
};

export function checklistProgress(
  tests: readonly { priority: QaPriority; completed: boolean }[],
): ChecklistProgress {
  const critical = tests.filter((test) => test.priority === 'critical');
  const completed = tests.filter((test) => test.completed).length;
  const criticalCompleted = critical.filter((test) => test.completed).length;
  return {
    total: tests.length,
    completed,
    percentage: percentOf(completed, tests.length),
    critical: critical.length,
    criticalCompleted,
    criticalPercentage: percentOf(criticalCompleted, critical.length),
    criticalRemaining: critical.length - criticalCompleted,
    isReady: critical.length > 0 && criticalCompleted === critical.length,
  };
}
