import type { MatchEvidence } from '@careloop/domain/matching/fit-evidence';

/** One line of a match's explanation: the key under `match.evidence.*` in the reviews namespace. */
export type ExplanationLine = MatchEvidence | 'date_window';

// Strongest first: what identifies the patient, then the parts of the name, then what weakened
// it, then the facts beside the name.
const order: readonly ExplanationLine[] = [
  'staff_alias',
  'email_handle',
  'username',
  'whole_name',
  'given_name',
  'given_nickname',
  'given_abbreviation',
  'given_spelling',
  'given_equivalent',
  'given_typo',
  'given_initial',
  'surname',
  'surname_spelling',
  'surname_typo',
  'surname_initial',
  'second_surname_only',
  'reordered',
  'procedure',
  'date_window',
  'before_procedure',
  'long_after_procedure',
];

/**
 * The lines that explain in words why the engine matched a review to its patient, from the
 * engine's evidence (`MatchResult.evidence`): a whole name stands for its first name and surname;
 * every match by name was also written within the days after the patient's procedure (an alias
 * or an e-mail handle is trusted from the procedure date on, with no upper limit). A whole name
 * written outside those days is explained as such: the engine only offers it to staff.
 */
export function explainMatch(evidence: readonly MatchEvidence[]): ExplanationLine[] {
  if (evidence.length === 0) return [];
  const lines = new Set<ExplanationLine>(evidence);
  if (lines.has('whole_name')) {
    lines.delete('given_name');
    lines.delete('surname');
  }
  const outsideWindow = lines.has('before_procedure') || lines.has('long_after_procedure');
  if (!lines.has('staff_alias') && !lines.has('email_handle') && !outsideWindow) lines.add('date_window');
  return order.filter((line) => lines.has(line));
}
