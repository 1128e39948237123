export const nameFitKinds = [
  'email_handle',
  'staff_alias',
  'full_name',
  'given_and_surname',
  'given_and_initial',
  'initials_and_surname',
  'given_names',
  'given_only',
  'username',
  'username_initial',
  'username_given',
] as const;

export type NameFitKind = (typeof nameFitKinds)[number];

/**
 * The pieces of evidence a match rests on, in words a reviewer dialog can show: which parts of
 * the name agreed and how.
 */
export const matchEvidenceKinds = [
  'email_handle',
  'staff_alias',
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
  'whole_name',
  'reordered',
  'second_surname_only',
  'username',
  'procedure',
  'before_procedure',
  'long_after_procedure',
] as const;

export type MatchEvidence = (typeof matchEvidenceKinds)[number];

/**
 * How a reviewer name fits one patient: its agreement weight in bits (`match-weights.ts`), the
 * confidence that weight gives (`strength`, 0..1), and the evidence behind it.
 */
export type NameFit = {
  kind: NameFitKind;
  weight: number;
  strength: number;
  usesNickname: boolean;
  evidence: MatchEvidence[];
};
