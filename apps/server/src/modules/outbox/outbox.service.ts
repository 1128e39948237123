import type { MessageChannel } from '@careloop/domain/cost-calculator';
import { chooseChannel } from '@careloop/domain/messaging/follow-up-plan';
import { nextSendingInstant } from '@careloop/domain/messaging/send-window';
import { whatsAppTemplateLanguage } from '@careloop/domain/messaging/whatsapp-template';
import { whatsAppMessageForm } from '@careloop/domain/messaging/whatsapp-window';
import { ProviderError } from '../../integrations/http/provider-http';
import { recordProviderOptOut } from '../inbound/provider-opt-out.service';
import { followUpWhatsAppTemplate } from './channel-senders';
import { countSentMessage } from './message-overage';
import { checkWrittenText, firstNameOf, type WrittenMessageType, writeMessage } from './message-writer';
import {
  type ClaimedMessage,
  clearInFlight,
  requeueLater,
  storeWrittenText,
  type WrittenText,
} from './outbox.repository';
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
import type { SendOptions, SendOutcome, SentSource } from './send-options';
import { isAutomated, markInFlightWithinSendTime, mayAutomatedSendNow } from './send-time-gate';
import {
  type ContextCache,
  type Deps,
  type Log,
  languageFor,
  sendingContext,
  toBrandTone,
  usableChannels,
} from './sending-context';
import { findLastWhatsAppInbound, findMessagePatient } from './sending-lookups.repository';
import { sendClaimedSurvey } from './survey-sender';

// The sending half of the outbox (the planner, modules/automation, is the other half).
//
// Exactly once. A worker can stop at any point; what it had done is read from the row:
// 1. claim: queued -> 'sending', attempts + 1 (the claim's token), updated_at = claim time;
// 2. opt-outs and consent read again, the text written and checked;
// 3. the idempotency marker: text, channel and sent_at committed BEFORE the provider call, and only
//    if the claim is still ours (same token, nothing handed over yet);
// 4. the provider call; 5. its answer (provider id and 'sent', or the provider's code and reason).
// A claim older than `staleAfterMs` is a stopped worker's. Without the marker the provider was
// never called: the row is queued again and sent once. With it the provider may have taken the
// message, and no provider offers a way to ask (Twilio and SNS have no idempotency key): it is
// NOT sent again but marked failed with "outcome unknown", visible to staff; should the stopped
// worker still get its answer, that answer is recorded (the token still matches). A message can
// so be lost to a crash inside one HTTP call, but never sent twice. A worker whose stale claim was
// taken back cannot send either: its marker write names the old token and changes nothing.
// Provider errors: the clients retry a 429/5xx answer themselves (no message was created); when
// those retries run out the row is queued again with backoff, up to `maxAttempts` claims. A send
// that got no answer (timeout, dropped connection) is never repeated: it ends "outcome unknown".

export type { ContextCache, Deps, Log } from './sending-context';

// Two minutes: a run stops claiming after 50 s and every provider call has a timeout, so an older claim
// is a stopped worker's.
export const defaultStaleAfterMs = 2 * 60_000;

export { outboxReasons } from './outbox-reasons';

export type { SendOutcome } from './send-options';

/** What a patient received as a WhatsApp template, as the conversation shows it. */
function whatsAppTemplateRecord(name: string, languageCode: string, firstName: string): string {
  return `WhatsApp template "${name}" (${languageCode}), {{1}} = ${firstName}`;
}

const dayMs = 86_400_000;

/**
 * Sends one claimed message (the claim is this worker's): re-checks opt-outs and consent, writes
 * and checks the text, then sends it as the comment at the top of this file describes.
 */
export async function sendClaimedMessage(
  deps: Deps & { log?: Log },
  cache: ContextCache,
  message: ClaimedMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  if (message.kind === 'survey') return sendClaimedSurvey(deps, cache, message, options);
  const { db } = deps;
  const claim = { clinicId: message.clinicId, id: message.id, attempts: message.attempts };
  const fail = async (providerError: string, extra: { channel?: string; messageContent?: string } = {}) => {
    await recordMessageFailed(db, message, { providerError, now: options.now(), ...extra });
    return 'failed' as const;
  };

  const context = await sendingContext(deps, cache, message.clinicId);
  if (!context) return fail(outboxReasons.clinicGone);
  const patient = await findMessagePatient(db, message.clinicId, message.patientId);
  if (!patient) return fail(outboxReasons.patientGone);
  const phone = options.test?.phone ?? patient.phone?.trim() ?? '';

  // Consent and opt-outs as they are now: an opt-out since planning stops this send.
  const switches = usableChannels(context, Boolean(options.test));
  const choice = chooseChannel(
    { ...switches, defaultChannel: message.channel === 'whatsapp' ? 'whatsapp' : 'sms' },
    { hasPhone: phone !== '', optedOut: { sms: patient.smsOptedOut, whatsapp: patient.whatsappOptedOut } },
  );
  if (!choice.ok) return fail(outboxReasons[choice.reason]);
  const isMarketing = message.isMarketing || options.test?.messageType === 'crosssell';
  if (isMarketing && !patient.hasMarketingConsent) return fail(outboxReasons.no_marketing_consent);

  // Automated messages: the clinical-case pause, the sending window and one message a day, read
  // again now (checked before the text is written, so a message that waits costs no AI call).
  if (isAutomated(message, options)) {
    const gate = await mayAutomatedSendNow(db, message, context, options.now());
    if (gate === 'clinical_case_open') return fail(outboxReasons.clinical_case_open);
    if (gate !== 'send') return gate;
  }

  const messageType: WrittenMessageType =
    options.test?.messageType ?? (message.kind === 'crosssell' ? 'crosssell' : 'followup');
  const language = languageFor(message, patient, context.clinic);
  const daysAfterTreatment =
    options.test?.daysAfterTreatment ??
    message.scheduleDay ??
    (patient.procedureDate
      ? Math.max(0, Math.floor((options.now().getTime() - patient.procedureDate.getTime()) / dayMs))
      : null);
  const treatment = options.test?.treatment ?? patient.procedure?.trim() ?? null;

  const writerInput = (channel: MessageChannel) => ({
    channel,
    messageType,
    language,
    brandTone: toBrandTone(context.clinic.brandTone),
    clinicName: context.clinic.name,
    patientName: patient.name,
    treatment: treatment || null,
    daysAfterTreatment,
  });
  // Written once: the text of an earlier try (stored on the row) goes again as it is, on a retry and
  // on the SMS fallback, as long as it passes the check for the channel (a long WhatsApp text may
  // not fit an SMS: only then is a text written for SMS). A new text is stored before any provider
  // call, so the AI is asked once per message.
  let stored: WrittenText | null = message.written;
  const textFor = async (channel: MessageChannel) => {
    if (stored && checkWrittenText(writerInput(channel), stored.text).length === 0)
      return { ok: true as const, text: stored.text, source: stored.source };
    const written = await writeMessage(
      context.senders.model,
      writerInput(channel),
      context.templates.get(messageType) ?? [],
    );
    if (!written.ok) return written;
    // Never the text: only what explains why the AI's was not used.
    if (written.aiNote)
      deps.log?.info(
        {
          clinicId: message.clinicId,
          messageId: message.id,
          note: written.aiNote,
          problems: written.aiProblems,
        },
        'AI message not used',
      );
    stored = { text: written.text, source: written.source };
    await storeWrittenText(db, claim, stored, options.now());
    return { ok: true as const, text: written.text, source: written.source };
  };

  const attempt = async (channel: MessageChannel, note: string | null): Promise<SendOutcome> => {
    const send = channel === 'sms' ? context.senders.sms : context.senders.whatsapp;
    if (!send) return fail(outboxReasons.no_channel, { channel });
    // The clinic's sends through this provider are held after a 429 (not a test: it answers now).
    const provider = providerOf(channel, context);
    const held = options.retryLater ? heldUntil(context, provider, options.now()) : null;
    if (held) return deferForRateLimit(db, message, context, provider, held, options.now());
    // WhatsApp: free text only inside the 24-hour window the patient's last message opened; else the
    // approved template, whose text is Meta's: no text is written (nor an AI call spent) for it, and
    // the conversation keeps what the patient received (the template and its parameter).
    const form =
      channel === 'whatsapp'
        ? whatsAppMessageForm(
            await findLastWhatsAppInbound(db, message.clinicId, message.patientId),
            options.now(),
          )
        : null;
    let content: string;
    let source: SentSource;
    let call: () => Promise<{ providerMessageId: string }>;
    if (form === 'template') {
      const whatsapp = context.senders.whatsapp!;
      const firstName = firstNameOf(patient.name);
      // The clinic's own approved template and its registered language, when it named them.
      const name = context.clinic.config?.whatsappTemplateName ?? followUpWhatsAppTemplate;
      const languageCode = whatsAppTemplateLanguage(
        context.clinic.config?.whatsappTemplateLanguage,
        language,
      );
      content = whatsAppTemplateRecord(name, languageCode, firstName);
      source = 'whatsapp_template';
      call = () =>
        whatsapp({ form, to: phone, name, languageCode, parameters: [firstName], reference: message.id });
    } else {
      const written = await textFor(channel);
      if (!written.ok)
        return fail(`${outboxReasons.checkFailed} (${written.problems.join(', ')})`, { channel });
      content = written.text;
      source = written.source;
      const text = written.text;
      if (channel === 'sms') {
        const sms = context.senders.sms!;
        call = () => sms({ to: phone, text, reference: message.id, isMarketing });
      } else {
        const whatsapp = context.senders.whatsapp!;
        call = () => whatsapp({ form: 'free_form', to: phone, text, reference: message.id });
      }
    }

    // The idempotency marker: committed before the call, refused if the claim is no longer ours; for
    // an automated message, under the patient's lock with one message a day checked again.
    const marked = await markInFlightWithinSendTime(db, message, context, isAutomated(message, options), {
      channel,
      messageContent: content,
      providerError: note,
      now: options.now(),
      consent: { channel, marketing: isMarketing },
    });
    if (marked === 'consent_withdrawn') {
      const now = await findMessagePatient(db, message.clinicId, message.patientId);
      const optedOut = channel === 'sms' ? now?.smsOptedOut : now?.whatsappOptedOut;
      return fail(optedOut || !now ? outboxReasons.opted_out : outboxReasons.no_marketing_consent, {
        channel,
      });
    }
    if (marked !== 'marked') return marked;
    if (options.report) options.report.source = source;

    try {
      const sent = await call();
      await recordMessageSent(db, message, {
        channel,
        providerMessageId: sent.providerMessageId,
        providerError: note,
        billedAsOverage: await countSentMessage(db, context, channel, options.now()),
        now: options.now(),
      });
      await noteSendWentThrough(db, context, provider, options.now());
      return 'sent';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const reason = providerErrorText(error);
      // No answer (or a 2xx we could not read): the provider may hold the message. Never repeated.
      // A refusal inside a 200 (Vonage's per-message status, e.g. 1 "Throttled") is an answer.
      const noAnswer =
        error.status === null ||
        (error.status >= 200 && error.status < 300 && error.kind === 'invalid_response');
      if (noAnswer) {
        await recordMessageFailed(db, message, {
          providerError: `${outboxReasons.noAnswer} (${reason})`,
          now: options.now(),
        });
        return 'unknown';
      }
      // An answer refusing it: no message exists, so another channel or a later try is safe.
      // Too many requests: the clinic's sends through this provider wait together, this one queued.
      if (error.kind === 'rate_limited' && options.retryLater) {
        const until = await noteRateLimit(db, context, provider, error, options.now());
        return deferForRateLimit(db, message, context, provider, until, options.now());
      }
      if (channel === 'whatsapp' && choice.fallbackChannel === 'sms') {
        await clearInFlight(db, claim, options.now());
        return attempt('sms', `WhatsApp failed (${reason}); sent by SMS instead`);
      }
      if (channel === 'sms' && !options.test && isRecipientOptOut(error)) {
        await recordProviderOptOut(db, message.clinicId, message.patientId, 'sms', options.now());
      }
      const isTemporary = error.kind === 'rate_limited' || error.kind === 'unavailable';
      if (isTemporary && options.retryLater && message.attempts < maxAttempts) {
        await requeueLater(db, claim, {
          scheduledAt: nextSendingInstant(
            new Date(options.now().getTime() + retryDelayMs(message.attempts)),
            context.config.quietHours,
            context.clinic.timeZone,
          ),
          providerError: reason,
          now: options.now(),
        });
        return 'requeued';
      }
      return fail(note ? `${reason}; before: ${note}` : reason);
    }
  };

  return attempt(choice.channel, null);
}
