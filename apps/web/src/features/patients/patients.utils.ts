import type { RiskLevel } from '@careloop/domain/analytics/risk-levels';
import type { DomainMessage } from '@careloop/domain/domain-message';
import type { PatientStatus } from '@careloop/domain/patient';
import { translateDomainMessage } from '../../lib/domain-messages';
import { paths } from '../../lib/routes';

export const patientPath = (id: string) => `${paths.patients}/${encodeURIComponent(id)}`;

export const statusColors = {
  active: 'green',
  completed: 'blue',
  watch: 'yellow',
  red: 'red',
} as const satisfies Record<PatientStatus, string>;

export const riskColors = {
  low: 'gray',
  medium: 'orange',
  high: 'red',
} as const satisfies Record<RiskLevel, string>;

/** A domain message in the user's language; the server's own text passes through unchanged. */
export function translatePatientMessage(t: (key: string) => string, message: DomainMessage): string {
  return message.key === 'patients.errors.server' ? message.message : translateDomainMessage(t, message);
}

/** The largest file import accepts (the server checks it too). */
export { maxImportBytes as maxImportFileBytes } from '@careloop/contracts/patients';
