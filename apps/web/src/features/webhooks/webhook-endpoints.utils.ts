import type { WebhookDeliveryAttempt, WebhookEventType } from '@careloop/contracts/webhooks';
import type { ParseKeys } from 'i18next';

export type WebhookDraft = { url: string; events: readonly WebhookEventType[] };

type SettingsKey = ParseKeys<'settings'>;
type DraftErrors = { url?: SettingsKey; events?: SettingsKey };

/** What each event means, as i18n keys of the `settings` namespace. */
export const webhookEventLabelKeys = {
  'review.created': 'webhooks.events.review_created',
  'patient.matched': 'webhooks.events.patient_matched',
  'case.created': 'webhooks.events.case_created',
  'case.resolved': 'webhooks.events.case_resolved',
  'message.sent': 'webhooks.events.message_sent',
  'message.delivered': 'webhooks.events.message_delivered',
  'message.failed': 'webhooks.events.message_failed',
  'consent.changed': 'webhooks.events.consent_changed',
  'survey.answered': 'webhooks.events.survey_answered',
} as const satisfies Record<WebhookEventType, SettingsKey>;

/** The new-endpoint form's errors, as i18n keys of the `settings` namespace. */
export function validateWebhookDraft(draft: WebhookDraft): DraftErrors {
  const errors: DraftErrors = {};
  const url = draft.url.trim();
  if (url.length === 0) errors.url = 'webhooks.errors.urlRequired';
  else if (!isWebUrl(url)) errors.url = 'webhooks.errors.urlInvalid';
  else if (url.length > 2000) errors.url = 'webhooks.errors.urlTooLong';
  if (draft.events.length === 0) errors.events = 'webhooks.errors.eventsRequired';
  return errors;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** What one attempt's result reads as: the HTTP status, or why there was none. */
export function attemptResult(attempt: Pick<WebhookDeliveryAttempt, 'statusCode' | 'error'>): string {
  if (attempt.statusCode !== null) return String(attempt.statusCode);
  return attempt.error ?? '—';
}

/** The server's reasons for refusing a URL, as i18n keys (others are shown as they come). */
const urlRefusals: Record<string, SettingsKey> = {
  'The URL points to a private, loopback or link-local address': 'webhooks.errors.urlPrivate',
  'The URL must use https': 'webhooks.errors.urlHttps',
  'The host name does not resolve': 'webhooks.errors.urlUnresolved',
  'The URL may not contain a user name or password': 'webhooks.errors.urlCredentials',
};

/** A 400's reason for one field (`details: [{ field, message }]`), as an i18n key when we know it. */
export function fieldRefusal(details: unknown, field: string): { key?: SettingsKey; message: string } | null {
  if (!Array.isArray(details)) return null;
  const found = details.find(
    (detail): detail is { field: string; message: string } =>
      typeof detail === 'object' &&
      detail !== null &&
      detail.field === field &&
      typeof detail.message === 'string',
  );
  if (!found) return null;
  const key = urlRefusals[found.message];
  return key ? { key, message: found.message } : { message: found.message };
}
