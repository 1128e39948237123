import type { MatchEvidence, NameFitKind } from './fit-evidence';

export const procedures = [
  'Hair Transplant',
  'Dental Implant',
  'Plastic Surgery',
  'PRP Treatment',
  'Teeth Whitening',
  'Root Canal',
  'Other',
] as const;

export type Procedure = (typeof procedures)[number];

export const matchStatuses = ['matched', 'multiple_matches', 'unmatched'] as const;

export type MatchStatus = (typeof matchStatuses)[number];

/** A clinic's patient as the matcher needs it. `procedureDate` is `YYYY-MM-DD`. */
export type MatchPatient = {
  id: string;
  name: string;
  email?: string | null;
  procedure?: string | null;
  procedureDate?: string | null;
  /** Reviewer names staff tied to this patient (a confirmed or reassigned match). */
  aliases?: readonly string[];
};

/** A public review as the matcher needs it. `reviewDate` is an ISO 8601 timestamp. */
export type MatchReviewInput = {
  id: string;
  reviewerName: string;
  title?: string | null;
  text?: string | null;
  reviewDate: string;
  language?: string | null;
};

/**
 * The outcome for one review. `candidateIds` is sorted and filled for `multiple_matches`, and for
 * an `unmatched` review whose reviewer wrote one patient's whole name outside the date window.
 */
export type MatchResult = {
  status: MatchStatus;
  patientId: string | null;
  candidateIds: string[];
  confidence: number;
  /** For `matched`: how the reviewer name fits the patient (`fit-evidence.ts`); else null. */
  basis: NameFitKind | null;
  /** For `matched`: the evidence that agreed (name parts, alias, handle, procedure); else empty. */
  evidence: MatchEvidence[];
};

export type MatchOptions = {
  /** First day after the procedure a review may be written on (0 = the same day). */
  minDaysAfter?: number;
  /** Last day after the procedure a review may be written on. */
  maxDaysAfter?: number;
  /** More fitting patients than this single out nobody. */
  maxCandidates?: number;
};

export const defaultMatchOptions = {
  minDaysAfter: 0,
  maxDaysAfter: 180,
  maxCandidates: 5,
} as const satisfies Required<MatchOptions>;
