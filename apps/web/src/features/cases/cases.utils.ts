import type { Case, CaseStatusFilter, CreateCaseBody } from '@careloop/contracts/cases';
import {
  type CaseSeverity,
  type CaseStatus,
  type CaseTimeliness,
  caseTimeliness,
} from '@careloop/domain/case-rules';
import { dayFromIsoDate, instantAtLocal } from '@careloop/domain/messaging/clinic-time';

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
  /** A `datetime-local` value (wall-clock time, no zone), or ''. */
  dueAt: string;
};

const localDateTimePattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The instant a `datetime-local` value names on the clinic's clocks (the browser's while the zone
 * is unknown), or null. A time skipped when clocks go forward reads as that far past the gap; a
 * time shown twice when they go back reads as the first.
 */
export function localDateTimeToIso(value: string, timeZone?: string): string | null {
  if (!timeZone) {
    const local = new Date(value);
    return Number.isNaN(local.getTime()) ? null : local.toISOString();
  }
  const match = localDateTimePattern.exec(value);
  const day = match ? dayFromIsoDate(match[1] ?? '') : null;
  if (!match || day === null) return null;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return new Date(instantAtLocal(day, hours * 60 + minutes, timeZone) + seconds * 1000).toISOString();
}

/**
 * The POST body from the form: trimmed, empty optional fields left out, the due time read on the
 * clinic's clocks.
 */
export function toCreateCaseBody(values: NewCaseFormValues, timeZone?: string): CreateCaseBody {
  const body: CreateCaseBody = { title: values.title.trim(), severity: values.severity };
  const description = values.description.trim();
  if (description) body.description = description;
  if (values.patientId) body.patientId = values.patientId;
  const dueAt = values.dueAt ? localDateTimeToIso(values.dueAt, timeZone) : null;
  if (dueAt) body.dueAt = dueAt;
  return body;
}

/** Form check before sending: the title is the only required field. */
export function validateNewCase(values: NewCaseFormValues): { title?: 'titleRequired' } {
  return values.title.trim() ? {} : { title: 'titleRequired' };
}

/**
 * Date and time in the interface language and the clinic's time zone (staff abroad, or on a laptop
 * set to another zone, read the clinic's clock), e.g. "10 Mar 2025, 14:30".
 */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}
