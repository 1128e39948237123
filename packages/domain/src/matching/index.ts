export { isAnonymousName } from './anonymous-name';
export { isLooseFit, matchReview } from './match-review';
export { agreementWeights, confidenceFromWeight, evidenceWeights } from './match-weights';
export {
  addToNameLexicon,
  describePatientName,
  emptyNameLexicon,
  fitName,
  type MatchEvidence,
  matchEvidenceKinds,
  type NameFit,
  type NameFitKind,
  type NameLexicon,
  nameFitKinds,
  type PatientName,
  parseReviewerName,
  type ReviewerName,
} from './name-fit';
export { formalNamesOf, isNicknameFit, isPrefixShortForm, nicknamesOf } from './nicknames';
export { foldText, handleKey, normalizeName, tokenizeName } from './normalize-name';
export { buildPatientIndex, type PatientIndex } from './patient-index';
export { constrainingProcedures, detectProcedures } from './procedures';
export { autoMatchConfidence, identifyingBases, needsStaffReview } from './review-rule';
export {
  defaultMatchOptions,
  type MatchOptions,
  type MatchPatient,
  type MatchResult,
  type MatchReviewInput,
  type MatchStatus,
  matchStatuses,
  type Procedure,
  procedures,
} from './types';
