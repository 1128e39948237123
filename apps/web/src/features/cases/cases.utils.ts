import type { Case, CaseStatusFilter, CreateCaseBody } from '@careloop/contracts/cases';
import {
  type CaseSeverity,
  type CaseStatus,
  type CaseTimeliness,
  caseTimeliness,
} from '@careloop/domain/case-rules';

/** The badge for a listed case at `now`, or null (finished, or no due time). */
export function timelinessOf(kase: Pick<Case, 'status' | 'dueAt'>, now: Date): CaseTimeliness | null {
  return caseTimeliness({ status: kase.status, dueAt: kase.dueAt ? new Date(kase.dueAt) : null }, now);
}

export const timelinessColors = {
  overdue: 'red',
  due_soon: 'orange',
  on_time: 'green',
} as const satisfies Record<CaseTimeliness, string>;

export const severityColors = {
  high: 'red',
  medium: 'orange',
  low: 'blue',
} as const satisfies Record<CaseSeverity, string>;

export const statusColors = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
} as const satisfies Record<CaseStatus, string>;

/** The filter's value in the URL: unknown values fall back to All. */
export function parseStatusFilter(value: string | null): CaseStatusFilter {
  return value === 'open' || value === 'in_progress' || value === 'resolved' ? value : 'all';
}

export type NewCaseFormValues = {
  title: string;
  description: string;
  severity: CaseSeverity;
  patientId: string | null;
  /** A `datetime-local` value (local time, no zone), or ''. */
  dueAt: string;
};

/** The POST body from the form: trimmed, empty optional fields left out, local due time as an instant. */
export function toCreateCaseBody(values: NewCaseFormValues): CreateCaseBody {
  const body: CreateCaseBody = { title: values.title.trim(), severity: values.severity };
  const description = values.description.trim();
  if (description) body.description = description;
  if (values.patientId) body.patientId = values.patientId;
  if (values.dueAt) {
    const due = new Date(values.dueAt);
    if (!Number.isNaN(due.getTime())) body.dueAt = due.toISOString();
  }
  return body;
}

/** Form check before sending: the title is the only required field. */
export function validateNewCase(values: NewCaseFormValues): { title?: 'titleRequired' } {
  return values.title.trim() ? {} : { title: 'titleRequired' };
}

/** Date and time in the interface language, e.g. "10 Mar 2025, 14:30". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
