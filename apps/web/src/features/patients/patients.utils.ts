import type { RiskLevel } from '@careloop/domain/analytics/risk-levels';
import type { DomainMessage } from '@careloop/domain/domain-message';
import type { PatientStatus, Procedure } from '@careloop/domain/patient';
import type { ImportTarget } from '@careloop/domain/patient-import/import-targets';
import type { Namespace, ParseKeys, TFunction } from 'i18next';
import { keyFor } from '../../i18n/runtime-key';
import { translateDomainMessage } from '../../lib/domain-messages';
import { paths } from '../../lib/routes';

export const patientPath = (id: string) => `${paths.patients}/${encodeURIComponent(id)}`;

export const statusColors = {
  active: 'green',
  completed: 'blue',
  watch: 'yellow',
  red: 'red',
} as const satisfies Record<PatientStatus, string>;

type PatientsKey = ParseKeys<'patients'>;

/** The product's procedures by their texts (`patients:procedures.*`). */
export const procedureKeys = {
  'Hair Transplant': 'procedures.Hair Transplant',
  'Dental Implant': 'procedures.Dental Implant',
  'Plastic Surgery': 'procedures.Plastic Surgery',
  'PRP Treatment': 'procedures.PRP Treatment',
  'Teeth Whitening': 'procedures.Teeth Whitening',
  'Root Canal': 'procedures.Root Canal',
  Other: 'procedures.Other',
} as const satisfies Record<Procedure, PatientsKey>;

/** A procedure's text; a name the product does not list (an imported one) shows as it was written. */
export function procedureLabel(t: TFunction<'patients'>, procedure: string): string {
  const key = keyFor(procedureKeys, procedure);
  return key ? t(key) : procedure;
}

const importFieldKeys = {
  name: 'import.targets.name',
  given_name: 'import.targets.given_name',
  family_name: 'import.targets.family_name',
  email: 'import.targets.email',
  phone: 'import.targets.phone',
  procedure: 'import.targets.procedure',
  status: 'import.targets.status',
  comment: 'import.targets.comment',
  procedure_date: 'import.targets.procedure_date',
  language: 'import.targets.language',
  marketing_consent: 'import.targets.marketing_consent',
} as const satisfies Record<ImportTarget, PatientsKey>;

/** The field of an import row's problem by its name in the reader's language ("Tratamiento", not "procedure"). */
export function importFieldLabel(t: TFunction<'patients'>, field: string | null): string {
  if (field === null) return '—';
  const key = keyFor(importFieldKeys, field);
  return key ? t(key) : field;
}

/** The timeline's case statuses and message delivery states by their texts. */
export const caseStatusKeys = {
  open: 'timeline.caseStatus.open',
  in_progress: 'timeline.caseStatus.in_progress',
  resolved: 'timeline.caseStatus.resolved',
  closed: 'timeline.caseStatus.closed',
} as const satisfies Record<string, PatientsKey>;

export const deliveryStatusKeys = {
  queued: 'timeline.delivery.queued',
  sending: 'timeline.delivery.sending',
  sent: 'timeline.delivery.sent',
  delivered: 'timeline.delivery.delivered',
  read: 'timeline.delivery.read',
  failed: 'timeline.delivery.failed',
} as const satisfies Record<string, PatientsKey>;

/** A timeline badge's text; a state this page does not know yet shows as the server named it. */
export function timelineStateLabel(
  t: TFunction<'patients'>,
  keys: Readonly<Record<string, PatientsKey>>,
  state: string,
): string {
  const key = keyFor(keys, state);
  return key ? t(key) : state;
}

/** The timeline's message channels by the names the conversations screens give them. */
const channelNameKeys = {
  sms: 'conversations:channelName.sms',
  whatsapp: 'conversations:channelName.whatsapp',
  email: 'conversations:channelName.email',
} as const;

/** A message's channel by its name ("WhatsApp", "E-posta"); one this page does not know shows as the server named it. */
export function channelLabel(t: TFunction<['patients', 'conversations']>, channel: string): string {
  const key = keyFor(channelNameKeys, channel);
  return key ? t(key) : channel;
}

export const riskColors = {
  low: 'gray',
  medium: 'orange',
  high: 'red',
} as const satisfies Record<RiskLevel, string>;

/** A domain message in the user's language; the server's own text passes through unchanged. */
export function translatePatientMessage(t: TFunction<Namespace>, message: DomainMessage): string {
  return message.key === 'patients.errors.server' ? message.message : translateDomainMessage(t, message);
}

/** The largest file import accepts (the server checks it too). */
export { maxImportBytes as maxImportFileBytes } from '@careloop/contracts/patients';
