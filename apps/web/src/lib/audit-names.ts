import { auditResourceTypes, securityAuditActions, workAuditActions } from '@careloop/contracts/audit';
import { useTranslation } from 'react-i18next';

/** The actions the web app reports itself (`logUserAction` in lib/reporting.ts); the server writes the others. */
export const clientActionNames = ['monitoring_dashboard_refresh', 'test_report_generated'] as const;

/**
 * The error types the web app reports (`reportError` in lib/reporting.ts), and `critical`, which
 * System Monitoring counts apart.
 */
export const errorTypeNames = [
  'unhandled_error',
  'unhandled_promise_rejection',
  'react_error_boundary',
  'page_not_found',
  'critical',
] as const;

/** Every action name with a text of its own in the `audit` namespace. */
export const actionNames = [...securityAuditActions, ...workAuditActions, ...clientActionNames] as const;

type ActionName = (typeof actionNames)[number];
type ErrorTypeName = (typeof errorTypeNames)[number];
type ResourceTypeName = (typeof auditResourceTypes)[number];

const knownActions: ReadonlySet<string> = new Set(actionNames);
const knownErrorTypes: ReadonlySet<string> = new Set(errorTypeNames);
const knownResourceTypes: ReadonlySet<string> = new Set(auditResourceTypes);

/** A name without a text of its own, in words: `old_client_action` reads "Old client action". */
export function readableName(name: string): string {
  const words = name.replace(/[_\s]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/**
 * Audit actions, their resource types and error types in the reader's language, as System Monitoring and the compliance
 * audit log show them. A name this app has no text for (an older client's action) reads as words.
 */
export function useAuditNames() {
  const { t } = useTranslation('audit');
  return {
    action: (name: string) =>
      knownActions.has(name) ? t(`actions.${name as ActionName}`) : readableName(name),
    errorType: (name: string) =>
      knownErrorTypes.has(name) ? t(`errorTypes.${name as ErrorTypeName}`) : readableName(name),
    resourceType: (name: string) =>
      knownResourceTypes.has(name) ? t(`resourceTypes.${name as ResourceTypeName}`) : readableName(name),
  };
}
