import type { CaseSeverity } from '../case-rules';
import { npsCategory } from '../surveys/nps';
import type { RiskLevel, RiskReasonCode } from './risk-levels';

/** What the product knows about one patient that bears on their risk. */
export type PatientRiskSignals = {
  /** Their latest survey score; null: never answered. */
  latestSurveyScore: number | null;
  /** Unresolved alerts raised by their replies. */
  activeNegativeReplies: number;
  activeClinicalReplies: number;
  /** The most severe of their unfinished cases; null: none open. */
  openCaseSeverity: CaseSeverity | null;
  /** The rating of their latest matched review; null: none. */
  latestReviewRating: number | null;
  /** Messages to them that failed. */
  failedDeliveries: number;
  /** Follow-ups that reached them, and whether they ever replied to one. */
  followUpsReached: number;
  everReplied: boolean;
  /** Of the clinic's patients with their procedure: how many, and how many had a case. */
  procedurePatients: number;
  procedurePatientsWithCase: number;
};

/** How much each signal weighs: a clinical reply or a high case alone makes a patient high risk. */
export const riskWeights: Readonly<Record<RiskReasonCode, number>> = {
  clinical_reply: 5,
  open_case_high: 5,
  detractor_score: 3,
  negative_reply: 3,
  low_rating_review: 3,
  open_case_medium: 3,
  open_case_low: 1,
  failed_deliveries: 1,
  silent_after_follow_ups: 1,
  procedure_complaint_rate: 1,
};

export const riskThresholds = { high: 5, medium: 2 } as const;

/** Failed deliveries before the patient may not be hearing from the clinic at all. */
export const failedDeliveriesThreshold = 2;
/** Follow-ups that reached a patient who never answered one: silence worth a call. */
export const silentFollowUpsThreshold = 3;
/** A procedure's patients with a case, as a share, that flags its other patients... */
export const procedureComplaintRateThreshold = 0.2;
/** ...once enough of them were treated for the share to mean something. */
export const procedureComplaintMinPatients = 10;

export type PatientRisk = { level: RiskLevel; reasons: RiskReasonCode[] };

const openCaseReason: Record<CaseSeverity, RiskReasonCode> = {
  high: 'open_case_high',
  medium: 'open_case_medium',
  low: 'open_case_low',
};

function reasonsOf(signals: PatientRiskSignals): RiskReasonCode[] {
  const reasons: RiskReasonCode[] = [];
  if (signals.activeClinicalReplies > 0) reasons.push('clinical_reply');
  if (signals.openCaseSeverity) reasons.push(openCaseReason[signals.openCaseSeverity]);
  if (signals.latestSurveyScore !== null && npsCategory(signals.latestSurveyScore) === 'detractor') {
    reasons.push('detractor_score');
  }
  if (signals.activeNegativeReplies > 0) reasons.push('negative_reply');
  if (signals.latestReviewRating !== null && signals.latestReviewRating <= 3)
    reasons.push('low_rating_review');
  if (signals.failedDeliveries >= failedDeliveriesThreshold) reasons.push('failed_deliveries');
  if (!signals.everReplied && signals.followUpsReached >= silentFollowUpsThreshold) {
    reasons.push('silent_after_follow_ups');
  }
  if (
    signals.procedurePatients >= procedureComplaintMinPatients &&
    signals.procedurePatientsWithCase / signals.procedurePatients >= procedureComplaintRateThreshold
  ) {
    reasons.push('procedure_complaint_rate');
  }
  return reasons;
}

/** The level from the summed weights of the reasons, and the reasons strongest first. */
export function patientRisk(signals: PatientRiskSignals): PatientRisk {
  const reasons = reasonsOf(signals).sort((a, b) => riskWeights[b] - riskWeights[a]);
  const score = reasons.reduce((sum, reason) => sum + riskWeights[reason], 0);
  const level: RiskLevel =
    score >= riskThresholds.high ? 'high' : score >= riskThresholds.medium ? 'medium' : 'low';
  return { level, reasons };
}

/** Sorts highest risk first where the list orders by it. */
export const riskRank: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2 };
