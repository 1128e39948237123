export const caseSources = ['alert', 'review', 'manual', 'survey'] as const;
export type CaseSource = (typeof caseSources)[number];

export const caseSeverities = ['high', 'medium', 'low'] as const;
export type CaseSeverity = (typeof caseSeverities)[number];

export const caseStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const caseStatusLabels = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
} as const satisfies Record<CaseStatus, string>;

/** Resolved and closed cases are finished: no timeliness badge, no high-priority count. */
export const finishedCaseStatuses: readonly CaseStatus[] = ['resolved', 'closed'];

export function isFinishedCaseStatus(status: CaseStatus): boolean {
  return finishedCaseStatuses.includes(status);
}

const hourMs = 60 * 60 * 1000;
export const reviewCaseDueHours = 24;
export const dueSoonWindowMs = 24 * hourMs;

/** A case raised from a review is due 24 hours after it is created. */
export function caseDueAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + reviewCaseDueHours * hourMs);
}

export const caseTimelinessValues = ['overdue', 'due_soon', 'on_time'] as const;
export type CaseTimeliness = (typeof caseTimelinessValues)[number];

export const caseTimelinessLabels = {
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  on_time: 'On Time',
} as const satisfies Record<CaseTimeliness, string>;

/**
 * The badge for a case, or null when none is shown (finished, or no due time).
 * Overdue only once the due time has strictly passed, so a case due exactly now is Due Soon;
 * the one-day window includes its end, so a review case is Due Soon from the moment it is raised.
 */
export function caseTimeliness(
  kase: { status: CaseStatus; dueAt: Date | null },
  now: Date,
): CaseTimeliness | null {
  if (isFinishedCaseStatus(kase.status) || kase.dueAt === null) return null;
  const remainingMs = kase.dueAt.getTime() - now.getTime();
  if (remainingMs < 0) return 'overdue';
  if (remainingMs <= dueSoonWindowMs) return 'due_soon';
  return 'on_time';
}

/**
 * The spec says "severity high and not resolved". Closed is read as finished too: the Attention
 * Required panel should not nag about a case nobody can act on any more.
 */
export function isHighPriorityCase(kase: { severity: CaseSeverity; status: CaseStatus }): boolean {
  return kase.severity === 'high' && !isFinishedCaseStatus(kase.status);
}

export const caseActions = ['start', 'resolve'] as const;
export type CaseAction = (typeof caseActions)[number];

export const caseActionLabels = {
  start: 'Start Working',
  resolve: 'Resolve Case',
} as const satisfies Record<CaseAction, string>;

const caseTransitionSources: Record<CaseAction, readonly CaseStatus[]> = {
  start: ['open'],
  resolve: ['open', 'in_progress'],
};

export function allowedCaseActions(status: CaseStatus): CaseAction[] {
  return caseActions.filter((action) => caseTransitionSources[action].includes(status));
}

export class CaseTransitionError extends Error {
  readonly code = 'INVALID_CASE_TRANSITION';

  constructor(
    readonly from: CaseStatus,
    readonly action: CaseAction,
  ) {
    super(`Cannot ${action} a case that is ${from}`);
    this.name = 'CaseTransitionError';
  }
}

export type CaseTransition =
  | { status: 'in_progress'; resolvedAt: null }
  | { status: 'resolved'; resolvedAt: Date };

/** Applies Start Working or Resolve Case; anything else throws CaseTransitionError. */
export function transitionCase(status: CaseStatus, action: CaseAction, now: Date): CaseTransition {
  if (!allowedCaseActions(status).includes(action)) throw new CaseTransitionError(status, action);
  return action === 'start'
    ? { status: 'in_progress', resolvedAt: null }
    : { status: 'resolved', resolvedAt: now };
}
