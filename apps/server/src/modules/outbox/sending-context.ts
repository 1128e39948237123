import type { SmsProvider } from '@careloop/contracts/settings';
import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import type { AutomationConfig } from '@careloop/domain/messaging/automation-config';
import type { TemplateLanguage } from '@careloop/domain/starter-templates';
import type { AppDeps } from '../../app-deps';
import { toAutomationConfig } from '../automation/automation.service';
import { type ClinicSenders, createClinicSenders } from './channel-senders';
import { isTemplateLanguage, templateCategoryOf, type WrittenMessageType } from './message-writer';
import type { ClaimedMessage } from './outbox.repository';
import { findClinicBackoffs, type ProviderBackoff } from './provider-backoff.repository';
import {
  type ClinicTemplate,
  findClinicTemplates,
  findSendingClinic,
  type MessagePatient,
  type SendingClinic,
} from './sending-lookups.repository';

// What a clinic sends with (its row, automation settings, senders and templates), read once per
// sweep and shared by the messages of that sweep.

export type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'mailer' | 'surveyLinkTokens'>;
export type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/** What a clinic sends with, read once per sweep. */
export type SendingContext = {
  clinic: SendingClinic;
  config: AutomationConfig;
  senders: ClinicSenders;
  templates: Map<WrittenMessageType, ClinicTemplate[]>;
  /** The clinic's provider back-offs after a 429, by provider; updated in place by the sweep. */
  backoffs: Map<string, ProviderBackoff>;
  /** This calendar month's sent messages per channel, read at the first send (overage, ADR 011). */
  monthSent: { month: string; sms: number; whatsapp: number } | null;
};

export type ContextCache = Map<string, Promise<SendingContext | null>>;

export function toBrandTone(value: string): BrandTone {
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
  const backoffs = await findClinicBackoffs(deps.db, clinicId);
  return { clinic, config, senders, templates, backoffs, monthSent: null };
}

export function sendingContext(deps: Deps, cache: ContextCache, clinicId: string) {
  let context = cache.get(clinicId);
  if (!context) {
    context = loadContext(deps, clinicId);
    cache.set(clinicId, context);
  }
  return context;
}

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
