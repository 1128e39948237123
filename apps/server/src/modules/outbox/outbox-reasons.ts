import type { SkipReason } from '@careloop/domain/messaging/follow-up-plan';
import type { ProviderError } from '../../integrations/http/provider-http';

/** Why the outbox did not send a message, as it is shown on the message (and in message.failed). */
export const outboxReasons = {
  unknownOutcome:
    'Outcome unknown: the worker stopped while the provider was being called; not sent again to avoid a duplicate',
  noAnswer: 'Outcome unknown: the provider did not answer; not sent again to avoid a duplicate',
  no_phone: 'Not sent: the patient has no phone number',
  no_channel: 'Not sent: no channel is switched on with its credentials saved',
  opted_out: 'Not sent: the patient opted out of this channel',
  no_marketing_consent: 'Not sent: no marketing consent is recorded for this patient',
  patientGone: 'Not sent: the patient no longer exists',
  clinicGone: 'Not sent: the clinic no longer exists',
  checkFailed: 'Not sent: no message text passed the check',
  clinical_case_open: 'Not sent: automated messages are paused while a clinical case of the patient is open',
  no_email: 'Not sent: the patient has no e-mail address',
  surveyGone: 'Not sent: the survey no longer exists',
  mailFailed: 'Not sent: the e-mail server refused the message',
} as const satisfies Record<SkipReason | string, string>;

const reasonCodes: Record<keyof typeof outboxReasons, string> = {
  unknownOutcome: 'unknown_outcome',
  noAnswer: 'no_answer',
  no_phone: 'no_phone',
  no_channel: 'no_channel',
  opted_out: 'opted_out',
  no_marketing_consent: 'no_marketing_consent',
  patientGone: 'patient_gone',
  clinicGone: 'clinic_gone',
  checkFailed: 'check_failed',
  clinical_case_open: 'clinical_case_open',
  no_email: 'no_email',
  surveyGone: 'survey_gone',
  mailFailed: 'mail_failed',
};

/** A message still queued when its clinic left sandbox mode (it was for the fakes): failed, no webhook. */
export const sandboxEndedReason = 'Not sent: sandbox mode ended';

/**
 * The code of a failure the outbox recorded: one of ours (its words may carry the provider's answer
 * after them), else `provider_error`.
 */
export function outboxReasonCode(providerError: string): string {
  for (const [key, words] of Object.entries(outboxReasons) as [keyof typeof outboxReasons, string][]) {
    if (providerError === words || providerError.startsWith(`${words} (`)) return reasonCodes[key];
  }
  return 'provider_error';
}

/** "twilio 21610: Attempt to send to unsubscribed recipient", without secrets (the client's words). */
export function providerErrorText(error: ProviderError): string {
  const code = error.providerCode ? ` ${error.providerCode}` : error.status ? ` HTTP ${error.status}` : '';
  return `${error.provider}${code}: ${error.providerReason ?? error.message}`.slice(0, 500);
}

/** Claims a message may use before a temporary provider refusal becomes final. */
export const maxAttempts = 5;
const retryBaseMs = 60_000;
const retryMaxMs = 60 * 60_000;

/** The wait before the next try after the `attempts`-th claim was refused for now: 1, 2, 4... minutes. */
export const retryDelayMs = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
