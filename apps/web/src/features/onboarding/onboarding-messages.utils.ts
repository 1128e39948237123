import { clinicProfileMessages } from '@careloop/domain/clinic-profile';
import { credentialMessages, onboardingMessages } from '@careloop/domain/credentials';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { templateLimitMessage } from '@careloop/domain/plans';
import type { Namespace, TFunction } from 'i18next';
import { translateRuntimeKey } from '../../i18n/runtime-key';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

/** Domain messages the server may answer with, by key; their text lives in the onboarding namespace. */
const knownServerMessages: readonly DomainMessage[] = [
  onboardingMessages.requiredFieldsMissing,
  onboardingMessages.accessTokenPrefix,
  onboardingMessages.accountSidPrefix,
  ...Object.values(clinicProfileMessages),
  ...Object.values(credentialMessages),
];

/** The i18n key (`namespace:path`) of a domain message's text, or null for text only the server knows. */
export function messageTextKey(message: DomainMessage): string | null {
  if (message.key === 'plans.errors.templateLimitReached') return 'plans:errors.templateLimitReached';
  if (message.key === duplicateTemplateName.key) return 'onboarding:templates.duplicateName';
  if (!knownServerMessages.some((known) => known.key === message.key)) return null;
  // The wizard's own messages live at the top of its namespace; the Settings and credential rules
  // it shares are kept under their own prefix there, so the wizard loads one namespace for them.
  return message.key.startsWith('onboarding.')
    ? `onboarding:${message.key.slice('onboarding.'.length)}`
    : `onboarding:${message.key}`;
}

/**
 * A domain message in the user's language; a message without a known key (the app's own text for
 * an API error) passes through unchanged. `t` is of the onboarding namespace; `options` carries
 * `{ limit }` for the template limit and `{ name }` for a duplicated template name.
 */
export function translateOnboardingMessage(
  t: TFunction<Namespace>,
  message: DomainMessage,
  options: Record<string, unknown> = {},
): string {
  const key = messageTextKey(message);
  return key ? translateRuntimeKey(t, key, options) : message.message;
}

function firstDetail(details: unknown): Record<string, unknown> | null {
  if (!Array.isArray(details)) return null;
  const first: unknown = details[0];
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : null;
}

function detailKey(details: unknown): string | null {
  const key = firstDetail(details)?.key;
  return typeof key === 'string' ? key : null;
}

/** The server's refusal of a set where two templates of one language share a name (its text is English). */
const duplicateTemplateName: DomainMessage = {
  key: 'onboarding.templates.duplicateName',
  message: 'Two templates are named "{{name}}"',
};

// The server (templates.service prepareTemplateSet) gives this refusal no key of its own: it is the
// 400 whose first problem is on `templates.<index>.name`, worded `Two templates are named "<name>"`.
function duplicateNameOf(error: ApiError): string | null {
  const field = firstDetail(error.details)?.field;
  if (error.status !== 400 || typeof field !== 'string' || !/^templates\.\d+\.name$/.test(field)) return null;
  return /^Two templates are named "(.*)"$/s.exec(error.message)?.[1] ?? null;
}

export type SaveFailure = {
  /** 'Validation Error' for a refused value, 'Failed to save progress' otherwise. */
  title: 'validation' | 'saveFailed';
  /**
   * The reason as a domain message: translated by its key when known; any other refusal is the
   * app's text for its error code (key `api`), already in the interface language, never the
   * server's English.
   */
  reason: DomainMessage | null;
  /** Values the reason's text names (the duplicated template name). */
  values?: Record<string, string>;
};

/** A failed save as the toast shows it. */
export function describeSaveFailure(error: unknown, templateLimit: number): SaveFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { title: 'saveFailed', reason: null };
  }
  if (error.code === 'PLAN_REQUIRED')
    return { title: 'saveFailed', reason: templateLimitMessage(templateLimit) };
  const title = error.status === 400 ? 'validation' : 'saveFailed';
  const byText = knownServerMessages.find((known) => known.message === error.message);
  const key = detailKey(error.details);
  const byKey = knownServerMessages.find((known) => known.key === key);
  const known = byKey ?? byText;
  if (known) return { title, reason: known };
  const name = duplicateNameOf(error);
  if (name !== null) return { title, reason: duplicateTemplateName, values: { name } };
  return { title, reason: { key: 'api', message: apiErrorMessage(error) } };
}
