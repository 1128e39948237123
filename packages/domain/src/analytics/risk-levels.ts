/** How likely a patient is to leave unhappy or complain in public, from the signals the product has. */
export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/** Why a patient is at risk: each signal that counted towards the level. */
export const riskReasonCodes = [
  'detractor_score',
  'negative_reply',
  'clinical_reply',
  'open_case_high',
  'open_case_medium',
  'open_case_low',
  'low_rating_review',
  'failed_deliveries',
  'silent_after_follow_ups',
  'procedure_complaint_rate',
] as const;
export type RiskReasonCode = (typeof riskReasonCodes)[number];
