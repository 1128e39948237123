import type { OnboardingState } from '@careloop/contracts/onboarding';
import type { MessageTemplate } from '@careloop/contracts/templates';
import { isIanaTimeZone, isPhoneCountry } from '@careloop/domain/clinic-locale';
import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import {
  type ChannelReadiness,
  type OnboardingStep,
  resumeStep,
  type SmsStepInput,
  type WhatsAppStepInput,
} from '@careloop/domain/onboarding';
import type { TemplateCategory, TemplateLanguage } from '@careloop/domain/starter-templates';
import type { ClinicLocaleValues } from '../../components/clinic-locale-fields';

export type ProfileDraft = ClinicLocaleValues & {
  name: string;
  email: string;
  phone: string;
  category: string;
  brandTone: BrandTone;
};

/** The same shape as the shared template editor's draft. */
export type WizardTemplateDraft = {
  name: string;
  body: string;
  category: TemplateCategory | null;
  language: TemplateLanguage;
  channel: 'whatsapp' | 'sms';
};

/** What the wizard's fields hold; secrets are never read back, so they start blank. */
export type WizardDrafts = {
  profile: ProfileDraft;
  whatsapp: WhatsAppStepInput;
  sms: SmsStepInput;
  templates: WizardTemplateDraft[];
};

/** Where the wizard stands: one of the four steps, or the completion screen. */
export type WizardView = OnboardingStep | 'done';

export function initialView(state: Pick<OnboardingState, 'wizardCompleted' | 'stepCompleted'>): WizardView {
  return state.wizardCompleted ? 'done' : resumeStep(state.stepCompleted);
}

function toBrandTone(value: string): BrandTone {
  return brandTones.find((tone) => tone === value) ?? 'professional';
}

function templateToDraft(template: MessageTemplate): WizardTemplateDraft {
  return {
    name: template.name,
    body: template.body,
    category: template.category,
    language: template.language,
    channel: template.channel,
  };
}

/** What the browser says of where it is: its IANA zone and its languages' tags (`es-ES`). */
export type BrowserLocale = { timeZone: string | undefined; languages: readonly string[] };

function browserLocale(): BrowserLocale {
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    languages: typeof navigator === 'undefined' ? [] : navigator.languages,
  };
}

/**
 * The browser's guess at the clinic's zone and country: its zone when the runtime knows it, and the
 * region of its first language tag that names one we have phone rules for (`es-ES` -> ES).
 */
function guessClinicLocale(browser: BrowserLocale): {
  timeZone: string | null;
  country: string | null;
} {
  const timeZone = browser.timeZone && isIanaTimeZone(browser.timeZone) ? browser.timeZone : null;
  const country =
    browser.languages
      .map((tag) => {
        try {
          return new Intl.Locale(tag).region ?? null;
        } catch {
          return null;
        }
      })
      .find((region): region is string => region !== null && isPhoneCountry(region)) ?? null;
  return { timeZone, country };
}

/**
 * The drafts the wizard starts from. Until the profile step is first saved, a zone still at the UTC
 * every new clinic starts with and an unset country are the browser's guess (shown, editable); the
 * language is the clinic's, which starts as the one its owner signed up in.
 */
export function initialDrafts(
  state: OnboardingState,
  browser: BrowserLocale = browserLocale(),
): WizardDrafts {
  const guess = state.stepCompleted === 0 ? guessClinicLocale(browser) : { timeZone: null, country: null };
  const timeZone = state.profile.timeZone === 'UTC' ? (guess.timeZone ?? 'UTC') : state.profile.timeZone;
  return {
    profile: {
      name: state.profile.name,
      email: state.profile.email,
      phone: state.profile.phone,
      category: state.profile.category,
      brandTone: toBrandTone(state.profile.brandTone),
      defaultLanguage: state.profile.defaultLanguage,
      timeZone,
      country: state.profile.country ?? guess.country ?? '',
    },
    whatsapp: { accessToken: '', phoneNumberId: state.whatsappPhoneNumberId ?? '' },
    sms: { accountSid: '', authToken: '', fromNumber: state.smsFromNumber ?? '' },
    templates: state.templates.map(templateToDraft),
  };
}

/**
 * Templates added in the editor go out on a channel the clinic has: SMS when WhatsApp is not set
 * up (the editor's new drafts default to WhatsApp).
 */
export function withClinicChannel(
  previous: readonly WizardTemplateDraft[],
  next: WizardTemplateDraft[],
  channels: ChannelReadiness,
): WizardTemplateDraft[] {
  if (channels.whatsapp || !channels.sms || next.length <= previous.length) return next;
  return next.map((draft, index) => (index >= previous.length ? { ...draft, channel: 'sms' } : draft));
}
