import type { QaPriority } from './monitoring-rules';

/** The seven categories of the Testing Checklist (spec 2 §2), in the order its filter shows them. */
export const qaCategories = [
  'authentication',
  'patient_management',
  'communications',
  'security',
  'performance',
  'integrations',
  'mobile',
] as const;
export type QaCategory = (typeof qaCategories)[number];

export type QaCase = {
  readonly id: string;
  readonly category: QaCategory;
  readonly priority: QaPriority;
  /** How many numbered steps the case has; their words live with the page's translations. */
  readonly steps: number;
};

/**
 * Our twelve production-readiness cases (spec 2 §2 names the categories and the count, not the
 * texts): each exercises something CareLoop really does, so a tester can run it against a deployment.
 */
export const qaCases = [
  { id: 'auth-signup-confirm', category: 'authentication', priority: 'critical', steps: 4 },
  { id: 'auth-lockout-reset', category: 'authentication', priority: 'high', steps: 4 },
  { id: 'patients-add-edit', category: 'patient_management', priority: 'critical', steps: 4 },
  { id: 'patients-csv-import', category: 'patient_management', priority: 'high', steps: 4 },
  { id: 'comms-test-message', category: 'communications', priority: 'critical', steps: 4 },
  { id: 'comms-opt-out', category: 'communications', priority: 'critical', steps: 4 },
  { id: 'security-tenant-isolation', category: 'security', priority: 'critical', steps: 3 },
  { id: 'security-two-factor', category: 'security', priority: 'high', steps: 4 },
  { id: 'performance-page-load', category: 'performance', priority: 'medium', steps: 3 },
  { id: 'integrations-review-sync', category: 'integrations', priority: 'critical', steps: 4 },
  { id: 'integrations-inbound-webhook', category: 'integrations', priority: 'high', steps: 3 },
  { id: 'mobile-small-screen', category: 'mobile', priority: 'low', steps: 4 },
] as const satisfies readonly QaCase[];
export type QaCaseId = (typeof qaCases)[number]['id'];

export const qaCaseIds = qaCases.map((c) => c.id) as [QaCaseId, ...QaCaseId[]];

/** The Pre-Launch Final Checklist (spec 2 §2): seven items, ticked on the page and not saved. */
export const preLaunchItems = [
  'criticalTests',
  'securityScan',
  'performance',
  'backupRecovery',
  'monitoringAlerting',
  'domainSsl',
  'supportDocs',
] as const;

/** Notes are free text, bounded so one case cannot grow without limit. */
export const qaNotesMaxLength = 5000;
