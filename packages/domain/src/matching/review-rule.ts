import type { NameFitKind } from './fit-evidence';
import type { MatchResult } from './types';

/**
 * Name evidence that identifies one person: a surname written out (in any spelling, with at
 * most one typo, in any order), a username spelling given name and surname, the patient's e-mail
 * handle, or a name staff recorded for this patient. A first name, first names, or a first name
 * with a surname initial only narrow the clinic's patients down; outside the clinic many people
 * write their name the same way, so such a match is shown to staff before it is trusted.
 */
export const identifyingBases: ReadonlySet<NameFitKind> = new Set<NameFitKind>([
  'staff_alias',
  'email_handle',
  'full_name',
  'given_and_surname',
  'initials_and_surname',
  'username',
]);

/**
 * Lowest calibrated confidence a match is trusted at without a staff check: among matches at or
 * above it at least 95 % are right (the reliability table of `npm run match:eval`), so at most
 * one in twenty trusted matches may be wrong. A match of a named procedure on a patient whose
 * procedure is unknown (−0.05) stays below it.
 */
export const autoMatchConfidence = 0.95;

/**
 * Whether the engine's outcome must be shown to staff as "Needs review" rather than trusted:
 * several fitting patients, or one fitting patient on evidence that is weak (not identifying)
 * or not confident enough, or an unmatched review whose reviewer wrote out a patient's whole name
 * outside the date window (its one candidate). Other unmatched reviews are not flagged (staff can
 * still match them).
 */
export const needsStaffReview = (
  result: Pick<MatchResult, 'status' | 'basis' | 'confidence'> & { candidateIds?: readonly string[] },
): boolean => {
  if (result.status === 'multiple_matches') return true;
  if (result.status === 'unmatched') return (result.candidateIds?.length ?? 0) > 0;
  return (
    result.basis === null || !identifyingBases.has(result.basis) || result.confidence < autoMatchConfidence
  );
};
