import type { PatientRisk } from '@careloop/contracts/analytics';
import { type RiskReasonCode, riskLevels, riskReasonCodes } from '@careloop/domain/analytics/risk-levels';

const isReason = (value: string): value is RiskReasonCode => riskReasonCodes.some((code) => code === value);

/** The stored risk as the API shows it (the column's check keeps the level one of the three). */
export function toPatientRisk(row: { riskLevel: string; riskReasons: string[] }): PatientRisk {
  return {
    level: riskLevels.find((level) => level === row.riskLevel) ?? 'low',
    reasons: row.riskReasons.filter(isReason),
  };
}
