import type { ReviewMatchChange, ReviewMatchDetail } from '@careloop/contracts/review-matches';
import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import type { SyncErrorText } from './reviews.utils';

type MatchState = ReviewMatchChange['from'];

/** Names of the patients the match answer itself carries (the current one and the candidates). */
export function knownPatientNames(detail: ReviewMatchDetail): Map<string, string> {
  const names = new Map(detail.candidates.map((c) => [c.id, c.name] as const));
  if (detail.patient) names.set(detail.patient.id, detail.patient.name);
  return names;
}

/** Patients the history names that the answer does not: their names must be looked up. */
export function unknownHistoryPatientIds(detail: ReviewMatchDetail): string[] {
  const known = knownPatientNames(detail);
  const ids = detail.history.flatMap((change) => [change.from.patientId, change.to.patientId]);
  return [...new Set(ids.filter((id): id is string => id !== null && !known.has(id)))].sort();
}

/** How one side of a history entry reads: a patient's name, a patient no longer found, or a status. */
export type MatchStateLabel =
  | { kind: 'patient'; name: string }
  | { kind: 'unknownPatient' }
  | { kind: 'status'; status: ReviewMatchStatus };

export function describeMatchState(state: MatchState, names: ReadonlyMap<string, string>): MatchStateLabel {
  if (state.patientId === null) return { kind: 'status', status: state.matchStatus };
  const name = names.get(state.patientId);
  return name === undefined ? { kind: 'unknownPatient' } : { kind: 'patient', name };
}

/** Confirm is offered for an engine match staff have not decided on yet. */
export function canConfirmMatch(detail: ReviewMatchDetail): boolean {
  return detail.matchStatus === 'matched' && detail.patient !== null && detail.decidedBy === 'engine';
}

/** The engine's candidates other than the patient the review is matched to now. */
export function otherCandidates(detail: ReviewMatchDetail): ReviewMatchDetail['candidates'] {
  return detail.candidates.filter((candidate) => candidate.id !== detail.patient?.id);
}

function hasFieldDetail(details: unknown, field: string): boolean {
  return (
    Array.isArray(details) &&
    details.some(
      (d: unknown) => typeof d === 'object' && d !== null && (d as { field?: unknown }).field === field,
    )
  );
}

/** The error toast after a match decision failed. */
export function matchErrorText(error: unknown): SyncErrorText {
  if (error instanceof ApiError) {
    if (error.status === 404) return { key: 'errors.reviewNotFound' };
    if (error.status === 400 && hasFieldDetail(error.details, 'patientId'))
      return { key: 'match.errors.patientNotFound' };
    if (error.status >= 400 && error.status < 500) return { text: apiErrorMessage(error) };
  }
  return { key: 'toasts.tryAgain' };
}
