import { nextSendingInstant } from '@careloop/domain/messaging/send-window';
import { whatsAppTemplateLanguage } from '@careloop/domain/messaging/whatsapp-template';
import { whatsAppMessageForm } from '@careloop/domain/messaging/whatsapp-window';
import { surveyEmailSubject, surveyLink, surveyMessageText } from '@careloop/domain/surveys/survey-message';
import { surveyOptOuts } from '@careloop/domain/surveys/survey-plan';
import { ProviderError } from '../../integrations/http/provider-http';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { recordProviderOptOut } from '../inbound/provider-opt-out.service';
import { redactedSurveyLink } from '../surveys/survey-link-token';
import { countSentMessage } from './message-overage';
import { firstNameOf } from './message-writer';
import { type ClaimedMessage, requeueLater } from './outbox.repository';
import { maxAttempts, outboxReasons, providerErrorText, retryDelayMs } from './outbox-reasons';
import { recordMessageFailed, recordMessageSent } from './outbox-webhooks';
import {
  deferForRateLimit,
  heldUntil,
  noteRateLimit,
  noteSendWentThrough,
  providerOf,
} from './provider-backoff';
import { isRecipientOptOut } from './provider-opt-out';
import type { SendOptions, SendOutcome } from './send-options';
import { markInFlightWithinSendTime, mayAutomatedSendNow } from './send-time-gate';
import { type ContextCache, type Deps, type Log, languageFor, sendingContext } from './sending-context';
import { findLastWhatsAppInbound, findMessagePatient } from './sending-lookups.repository';
import { findSurveyRequest, markSurveyLinkLive } from './survey-link.repository';

// A survey goes through the outbox like a follow-up (the claim, the send-time gate, the idempotency
// marker before the provider call, back-off, exactly once: see outbox.service.ts), with three
// differences: its text is the fixed invitation in the patient's language (no AI); its link's token
// exists only in the provider call (the row keeps the text with the link hidden, ADR 013); and it
// may go by e-mail over the product's mailer. Its channel is the one the clinic chose for surveys,
// with no fallback: a survey that cannot go that way is not sent another way.

const dayMs = 86_400_000;
/** How long a survey link works after it was sent. */
const surveyLinkValidDays = 30;

/**
 * The approved WhatsApp template for a survey outside the 24-hour window (body parameters: the
 * patient's first name, then the link), which each clinic registers with Meta like its follow-up one.
 */
export const surveyWhatsAppTemplate = whatsAppSandboxDemo.surveyTemplateName;

type Call = () => Promise<{ providerMessageId: string }>;

/** An SMTP answer that took nothing: a 4xx reply, or no connection at all. Safe to try again later. */
function isTemporaryMailRefusal(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  return (responseCode !== undefined && responseCode >= 400 && responseCode < 500) || code === 'ECONNECTION';
}

function isPermanentMailRefusal(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: number };
  return responseCode !== undefined && responseCode >= 500;
}

const mailErrorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

/** Sends one claimed survey (the claim is this worker's). */
export async function sendClaimedSurvey(
  deps: Deps & { log?: Log },
  cache: ContextCache,
  message: ClaimedMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  const { db } = deps;
  const now = options.now;
  const claim = { clinicId: message.clinicId, id: message.id, attempts: message.attempts };
  const fail = async (providerError: string) => {
    await recordMessageFailed(db, message, { providerError, now: now() });
    return 'failed' as const;
  };

  const context = await sendingContext(deps, cache, message.clinicId);
  if (!context) return fail(outboxReasons.clinicGone);
  const patient = await findMessagePatient(db, message.clinicId, message.patientId);
  if (!patient) return fail(outboxReasons.patientGone);
  if (!(await findSurveyRequest(db, message.clinicId, message.id))) return fail(outboxReasons.surveyGone);

  // Contact, opt-outs and credentials as they are now.
  const channel = message.channel;
  const phone = patient.phone?.trim() ?? '';
  const email = patient.email?.trim() ?? '';
  if (channel === 'email' && !email) return fail(outboxReasons.no_email);
  if (channel !== 'email' && !phone) return fail(outboxReasons.no_phone);
  const closed = surveyOptOuts(patient);
  if (channel === 'email' ? closed.email : channel === 'sms' ? closed.sms : closed.whatsapp)
    return fail(outboxReasons.opted_out);
  const sms = channel === 'sms' ? context.senders.sms : null;
  const whatsapp = channel === 'whatsapp' ? context.senders.whatsapp : null;
  if (channel !== 'email' && !sms && !whatsapp) return fail(outboxReasons.no_channel);

  // The clinical-case pause, the sending window and one message a day, as for follow-ups.
  const gate = await mayAutomatedSendNow(db, message, context, now());
  if (gate === 'clinical_case_open') return fail(outboxReasons.clinical_case_open);
  if (gate !== 'send') return gate;
  const provider = channel === 'email' ? null : providerOf(channel === 'sms' ? 'sms' : 'whatsapp', context);
  const held = provider && options.retryLater ? heldUntil(context, provider, now()) : null;
  if (provider && held) return deferForRateLimit(db, message, context, provider, held, now());

  const language = languageFor(message, patient, context.clinic);
  const publicUrl = deps.config.http.publicUrl;
  const link = surveyLink(publicUrl, deps.surveyLinkTokens.tokenFor(message.id));
  const hidden = redactedSurveyLink(publicUrl);
  const firstName = firstNameOf(patient.name);
  const textWith = (shownLink: string) =>
    surveyMessageText(language, {
      patientFirstName: firstName,
      clinicName: context.clinic.name,
      link: shownLink,
    });

  let content = textWith(hidden);
  let call: Call;
  if (sms) {
    call = () => sms({ to: phone, text: textWith(link), reference: message.id, isMarketing: false });
  } else if (whatsapp) {
    const form = whatsAppMessageForm(
      await findLastWhatsAppInbound(db, message.clinicId, message.patientId),
      now(),
    );
    if (form === 'template') {
      const languageCode = whatsAppTemplateLanguage(null, language);
      content = `WhatsApp template "${surveyWhatsAppTemplate}" (${languageCode}), {{1}} = ${firstName}, {{2}} = ${hidden}`;
      call = () =>
        whatsapp({
          form,
          to: phone,
          name: surveyWhatsAppTemplate,
          languageCode,
          parameters: [firstName, link],
          reference: message.id,
        });
    } else {
      call = () => whatsapp({ form, to: phone, text: textWith(link), reference: message.id });
    }
  } else {
    const subject = surveyEmailSubject(language, context.clinic.name);
    call = async () => {
      await deps.mailer.send({ to: email, subject, text: textWith(link) });
      return { providerMessageId: `email:${message.id}` };
    };
  }

  // The idempotency marker under the patient's lock (one message a day read again), then the link
  // goes live: from here the patient may receive it.
  const marked = await markInFlightWithinSendTime(db, message, context, true, {
    channel,
    messageContent: content,
    providerError: null,
    now: now(),
    ...(channel === 'sms' || channel === 'whatsapp' ? { consent: { channel, marketing: false } } : {}),
  });
  if (marked === 'consent_withdrawn') return fail(outboxReasons.opted_out);
  if (marked !== 'marked') return marked;
  await markSurveyLinkLive(db, message.clinicId, message.id, {
    now: now(),
    validForMs: surveyLinkValidDays * dayMs,
  });

  const requeue = async (reason: string): Promise<SendOutcome> => {
    await requeueLater(db, claim, {
      scheduledAt: nextSendingInstant(
        new Date(now().getTime() + retryDelayMs(message.attempts)),
        context.config.quietHours,
        context.clinic.timeZone,
      ),
      providerError: reason,
      now: now(),
    });
    return 'requeued';
  };

  try {
    const sent = await call();
    await recordMessageSent(db, message, {
      channel,
      providerMessageId: sent.providerMessageId,
      providerError: null,
      // E-mail goes over the product's own mailer: not a metered channel.
      billedAsOverage:
        channel === 'email'
          ? false
          : await countSentMessage(db, context, channel === 'sms' ? 'sms' : 'whatsapp', now()),
      now: now(),
    });
    if (provider) await noteSendWentThrough(db, context, provider, now());
    return 'sent';
  } catch (error) {
    if (channel === 'email') {
      const reason = mailErrorText(error);
      // Only a refusal known to have taken nothing is tried again; anything else may have gone.
      if (isTemporaryMailRefusal(error) && options.retryLater && message.attempts < maxAttempts)
        return requeue(`${outboxReasons.mailFailed} (${reason})`);
      if (isTemporaryMailRefusal(error) || isPermanentMailRefusal(error))
        return fail(`${outboxReasons.mailFailed} (${reason})`);
      await recordMessageFailed(db, message, {
        providerError: `${outboxReasons.noAnswer} (${reason})`,
        now: now(),
      });
      return 'unknown';
    }
    if (!(error instanceof ProviderError) || !provider) throw error;
    const reason = providerErrorText(error);
    const noAnswer =
      error.status === null ||
      (error.status >= 200 && error.status < 300 && error.kind === 'invalid_response');
    if (noAnswer) {
      await recordMessageFailed(db, message, {
        providerError: `${outboxReasons.noAnswer} (${reason})`,
        now: now(),
      });
      return 'unknown';
    }
    if (error.kind === 'rate_limited' && options.retryLater) {
      const until = await noteRateLimit(db, context, provider, error, now());
      return deferForRateLimit(db, message, context, provider, until, now());
    }
    if (channel === 'sms' && isRecipientOptOut(error))
      await recordProviderOptOut(db, message.clinicId, message.patientId, 'sms', now());
    const isTemporary = error.kind === 'rate_limited' || error.kind === 'unavailable';
    if (isTemporary && options.retryLater && message.attempts < maxAttempts) return requeue(reason);
    return fail(reason);
  }
}
