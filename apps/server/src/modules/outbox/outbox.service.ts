import type { SmsProvider } from '@careloop/contracts/settings';
import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import type { MessageChannel } from '@careloop/domain/cost-calculator';
import { type AutomationConfig, minutesOfDay } from '@careloop/domain/messaging/automation-config';
import { instantAtLocal, localDayOf, localMinutesOf } from '@careloop/domain/messaging/clinic-time';
import { chooseChannel } from '@careloop/domain/messaging/follow-up-plan';
import { whatsAppTemplateLanguage } from '@careloop/domain/messaging/whatsapp-template';
import { whatsAppMessageForm } from '@careloop/domain/messaging/whatsapp-window';
import type { TemplateLanguage } from '@careloop/domain/starter-templates';
import type { AppDeps } from '../../app-deps';
import { ProviderError } from '../../integrations/http/provider-http';
import { toAutomationConfig } from '../automation/automation.service';
import { type ClinicSenders, createClinicSenders, followUpWhatsAppTemplate } from './channel-senders';
import {
  firstNameOf,
  isTemplateLanguage,
  templateCategoryOf,
  type WrittenMessageType,
  writeMessage,
} from './message-writer';
import {
  type ClaimedMessage,
  type ClinicTemplate,
  clearInFlight,
  findClinicTemplates,
  findLastWhatsAppInbound,
  findMessagePatient,
  findSendingClinic,
  type MessagePatient,
  markInFlight,
  requeueLater,
  type SendingClinic,
} from './outbox.repository';
import { outboxReasons } from './outbox-reasons';
import { recordMessageFailed, recordMessageSent, recordProviderSmsOptOut } from './outbox-webhooks';
import { isRecipientOptOut } from './provider-opt-out';

// The sending half of the outbox (issue 6 items 3-4, DESIGN §9).
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

export type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
export type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

// Two minutes: a run stops claiming after 50 s and every provider call has a timeout, so an older claim
// is a stopped worker's (issue 11, finding 8).
export const defaultStaleAfterMs = 2 * 60_000;
export const maxAttempts = 5;
const retryBaseMs = 60_000;
const retryMaxMs = 60 * 60_000;

export { outboxReasons } from './outbox-reasons';

export type SendOutcome = 'sent' | 'failed' | 'requeued' | 'unknown' | 'lost_claim';

/** What a clinic sends with, read once per sweep. */
export type SendingContext = {
  clinic: SendingClinic;
  config: AutomationConfig;
  senders: ClinicSenders;
  templates: Map<WrittenMessageType, ClinicTemplate[]>;
};

export type ContextCache = Map<string, Promise<SendingContext | null>>;

function toBrandTone(value: string): BrandTone {
  return brandTones.find((tone) => tone === value) ?? 'professional';
}

async function loadContext(deps: Deps, clinicId: string): Promise<SendingContext | null> {
  const clinic = await findSendingClinic(deps.db, clinicId);
  if (!clinic) return null;
  const config = toAutomationConfig(clinic.config);
  const senders = await createClinicSenders(deps, {
    clinicId,
    isSandboxClinic: clinic.sandboxMode === 'on',
    smsProvider: config.smsProvider as SmsProvider,
    smsFromNumber: config.smsFromNumber,
    whatsappPhoneNumberId: config.whatsappPhoneNumberId,
  });
  const templates = new Map<WrittenMessageType, ClinicTemplate[]>();
  for (const [type, category] of Object.entries(templateCategoryOf) as [WrittenMessageType, string | null][])
    templates.set(type, category ? await findClinicTemplates(deps.db, clinicId, category) : []);
  return { clinic, config, senders, templates };
}

export function sendingContext(deps: Deps, cache: ContextCache, clinicId: string) {
  let context = cache.get(clinicId);
  if (!context) {
    context = loadContext(deps, clinicId);
    cache.set(clinicId, context);
  }
  return context;
}

/**
 * The instant itself when it falls inside the clinic's sending window (quiet hours are the rest
 * of the day, in the clinic's time zone), else the window's next opening: a retry never goes out
 * at night.
 */
export function nextSendingInstant(
  instant: Date,
  quietHours: AutomationConfig['quietHours'],
  timeZone: string,
): Date {
  const from = minutesOfDay(quietHours.sendFrom);
  const until = minutesOfDay(quietHours.sendUntil);
  const minutes = localMinutesOf(instant, timeZone);
  if (minutes >= from && minutes < until) return instant;
  const day = localDayOf(instant, timeZone);
  return new Date(instantAtLocal(minutes < from ? day : day + 1, from, timeZone));
}

/** "twilio 21610: Attempt to send to unsubscribed recipient", without secrets (the client's words). */
export function providerErrorText(error: ProviderError): string {
  const code = error.providerCode ? ` ${error.providerCode}` : error.status ? ` HTTP ${error.status}` : '';
  return `${error.provider}${code}: ${error.providerReason ?? error.message}`.slice(0, 500);
}

/** Who wrote what was sent: the AI model, the clinic's template, or Meta's approved WhatsApp template. */
export type SentSource = 'ai' | 'template' | 'whatsapp_template';

/** What a patient received as a WhatsApp template, as the conversation shows it. */
export function whatsAppTemplateRecord(name: string, languageCode: string, firstName: string): string {
  return `WhatsApp template "${name}" (${languageCode}), {{1}} = ${firstName}`;
}

/** Overrides of a Test Messaging send: what the tester typed instead of the patient's record. */
export type TestOverrides = {
  messageType: WrittenMessageType;
  treatment: string;
  daysAfterTreatment: number;
  phone: string;
};

type SendOptions = {
  now: () => Date;
  /** Queue a 429/5xx refusal again (the sweep); a test send reports it at once instead. */
  retryLater: boolean;
  test?: TestOverrides;
  /** Filled in with who wrote the text that was sent (the test endpoint reports it). */
  report?: { source?: SentSource };
};

export function usableChannels(context: SendingContext, isTest: boolean) {
  const { config, senders } = context;
  // A test needs the credentials only; automated messages also need the channel switched on.
  return {
    smsEnabled: Boolean(senders.sms) && (isTest || config.smsEnabled),
    whatsappEnabled: Boolean(senders.whatsapp) && (isTest || config.whatsappEnabled),
  };
}

export function languageFor(
  message: Pick<ClaimedMessage, 'language'>,
  patient: MessagePatient,
  clinic: SendingClinic,
): TemplateLanguage {
  for (const candidate of [message.language, patient.language, clinic.defaultLanguage])
    if (isTemplateLanguage(candidate)) return candidate;
  return 'en';
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

  const attempt = async (channel: MessageChannel, note: string | null): Promise<SendOutcome> => {
    const send = channel === 'sms' ? context.senders.sms : context.senders.whatsapp;
    if (!send) return fail(outboxReasons.no_channel, { channel });
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
      call = () => whatsapp({ form, to: phone, name, languageCode, firstName, reference: message.id });
    } else {
      const written = await writeMessage(
        context.senders.model,
        {
          channel,
          messageType,
          language,
          brandTone: toBrandTone(context.clinic.brandTone),
          clinicName: context.clinic.name,
          patientName: patient.name,
          treatment: treatment || null,
          daysAfterTreatment,
        },
        context.templates.get(messageType) ?? [],
      );
      if (!written.ok)
        return fail(`${outboxReasons.checkFailed} (${written.problems.join(', ')})`, { channel });
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

    // The idempotency marker: committed before the call, refused if the claim is no longer ours.
    const marked = await markInFlight(db, claim, {
      channel,
      messageContent: content,
      providerError: note,
      now: options.now(),
    });
    if (!marked) return 'lost_claim';
    if (options.report) options.report.source = source;

    try {
      const sent = await call();
      await recordMessageSent(db, message, {
        channel,
        providerMessageId: sent.providerMessageId,
        providerError: note,
        now: options.now(),
      });
      return 'sent';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const reason = providerErrorText(error);
      // No answer: the provider may hold the message. Never repeated.
      if (error.status === null || (error.status >= 200 && error.status < 300)) {
        await recordMessageFailed(db, message, {
          providerError: `${outboxReasons.noAnswer} (${reason})`,
          now: options.now(),
        });
        return 'unknown';
      }
      // An answer refusing it: no message exists, so another channel or a later try is safe.
      if (channel === 'whatsapp' && choice.fallbackChannel === 'sms') {
        await clearInFlight(db, claim, options.now());
        return attempt('sms', `WhatsApp failed (${reason}); sent by SMS instead`);
      }
      if (channel === 'sms' && !options.test && isRecipientOptOut(error)) {
        await recordProviderSmsOptOut(db, message, options.now());
      }
      const isTemporary = error.kind === 'rate_limited' || error.kind === 'unavailable';
      if (isTemporary && options.retryLater && message.attempts < maxAttempts) {
        const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** (message.attempts - 1));
        await requeueLater(db, claim, {
          scheduledAt: nextSendingInstant(
            new Date(options.now().getTime() + delay),
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
