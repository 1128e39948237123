import type { OnboardingState } from '@careloop/contracts/onboarding';
import type { MessageTemplate } from '@careloop/contracts/templates';
import { isIanaTimeZone, isPhoneCountry } from '@careloop/domain/clinic-locale';
import {
  type BrandTone,
  brandTones,
  clinicProfileMessages,
  emailHandle,
  isEmailAddress,
} from '@careloop/domain/clinic-profile';
import {
  checkOnboardingAccessToken,
  checkOnboardingAccountSid,
  credentialMessages,
  onboardingMessages,
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import type { DomainMessage } from '@careloop/domain/domain-message';
import {
  type ChannelReadiness,
  type OnboardingStep,
  type OnboardingStepKey,
  onboardingStepKeys,
  resumeStep,
  type SmsStepInput,
  usableTemplates,
  validateClinicProfileStep,
  validateSmsStep,
  validateTemplatesStep,
  validateWhatsAppStep,
  type WhatsAppStepInput,
} from '@careloop/domain/onboarding';
import { isValidPhone } from '@careloop/domain/patient';
import { templateLimitMessage } from '@careloop/domain/plans';
import type { TemplateCategory, TemplateLanguage } from '@careloop/domain/starter-templates';
import type { Namespace, TFunction } from 'i18next';
import type { ClinicLocaleValues } from '../../components/clinic-locale-fields';
import { translateRuntimeKey } from '../../i18n/runtime-key';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import type { SaveStepInput } from './api/save-onboarding-step';

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

const entered = (value: string) => value.trim() !== '';

export type ProfileField = 'name' | 'email' | 'phone' | 'category';
export type WhatsAppField = 'accessToken' | 'phoneNumberId';
export type SmsField = 'accountSid' | 'authToken' | 'fromNumber';

/**
 * Problems shown beside the fields as the user types: only for what was entered (a blank field
 * is reported once, by the step's own rule). The wizard's prefix wording comes first, then the
 * Settings rules the server applies when it saves.
 */
export function profileFieldErrors(profile: ProfileDraft): Partial<Record<ProfileField, DomainMessage>> {
  const errors: Partial<Record<ProfileField, DomainMessage>> = {};
  if (entered(profile.email) && !isEmailAddress(profile.email))
    errors.email = clinicProfileMessages.emailInvalid;
  if (
    entered(profile.phone) &&
    !isValidPhone(profile.phone, isPhoneCountry(profile.country) ? profile.country : undefined)
  )
    errors.phone = clinicProfileMessages.phoneInvalid;
  return errors;
}

export function whatsappFieldErrors(input: WhatsAppStepInput): Partial<Record<WhatsAppField, DomainMessage>> {
  if (!entered(input.accessToken)) return {};
  const error =
    checkOnboardingAccessToken(input.accessToken) ?? validateWhatsAppAccessToken(input.accessToken);
  return error ? { accessToken: error } : {};
}

export function smsFieldErrors(input: SmsStepInput): Partial<Record<SmsField, DomainMessage>> {
  const errors: Partial<Record<SmsField, DomainMessage>> = {};
  if (entered(input.accountSid)) {
    const error = checkOnboardingAccountSid(input.accountSid) ?? validateSmsAccountSid(input.accountSid);
    if (error) errors.accountSid = error;
  }
  if (entered(input.authToken)) {
    const error = validateSmsAuthToken(input.authToken);
    if (error) errors.authToken = error;
  }
  if (entered(input.fromNumber) && !isValidPhone(input.fromNumber)) {
    errors.fromNumber = clinicProfileMessages.phoneInvalid;
  }
  return errors;
}

const firstError = (errors: Partial<Record<string, DomainMessage>>) => Object.values(errors)[0] ?? null;

/**
 * Why the step cannot be saved yet, or null: the wizard's own rule (spec 1 §5, first reading)
 * first, then the field rules the server would refuse. Next stays disabled while this is set.
 */
export function stepProblem(step: OnboardingStep, drafts: WizardDrafts, saved: ChannelReadiness) {
  switch (step) {
    case 1:
      return validateClinicProfileStep(drafts.profile) ?? firstError(profileFieldErrors(drafts.profile));
    case 2:
      return validateWhatsAppStep(drafts.whatsapp, saved) ?? firstError(whatsappFieldErrors(drafts.whatsapp));
    case 3:
      return validateSmsStep(drafts.sms, saved) ?? firstError(smsFieldErrors(drafts.sms));
    case 4:
      return validateTemplatesStep(drafts.templates, saved);
  }
}

/**
 * The PUT of a step, trimmed. A channel step whose secret fields are blank and whose other field
 * is what is already saved sends nothing new (an empty body keeps the saved channel).
 */
export function stepSave(step: OnboardingStep, drafts: WizardDrafts, state: OnboardingState): SaveStepInput {
  switch (step) {
    case 1: {
      const { name, email, phone, category, brandTone, defaultLanguage, timeZone, country } = drafts.profile;
      return {
        step,
        body: {
          name: name.trim(),
          email: email.trim(),
          phone: phone.trim(),
          category,
          brandTone,
          defaultLanguage,
          timeZone,
          country: country === '' ? null : country,
        },
      };
    }
    case 2: {
      const accessToken = drafts.whatsapp.accessToken.trim();
      const phoneNumberId = drafts.whatsapp.phoneNumberId.trim();
      const unchanged = accessToken === '' && phoneNumberId === (state.whatsappPhoneNumberId ?? '');
      return unchanged ? skipSaves[2] : { step, body: { accessToken, phoneNumberId } };
    }
    case 3: {
      const accountSid = drafts.sms.accountSid.trim();
      const authToken = drafts.sms.authToken.trim();
      const fromNumber = drafts.sms.fromNumber.trim();
      const unchanged = accountSid === '' && authToken === '' && fromNumber === (state.smsFromNumber ?? '');
      return unchanged ? skipSaves[3] : { step, body: { accountSid, authToken, fromNumber } };
    }
    case 4: {
      const trimmed = drafts.templates.map((template) => ({
        ...template,
        name: template.name.trim(),
        body: template.body.trim(),
      }));
      return { step, body: { templates: usableTemplates(trimmed) } };
    }
  }
}

/** What a skipped channel step sends: nothing. */
export const skipSaves = {
  2: { step: 2, body: { accessToken: '', phoneNumberId: '' } },
  3: { step: 3, body: { accountSid: '', authToken: '', fromNumber: '' } },
} as const satisfies Record<2 | 3, SaveStepInput>;

/**
 * "Skip: I'll use SMS only" on step 2 and "Skip: I'll use WhatsApp only" on step 3. Skipping
 * WhatsApp is always possible (SMS is set up next, or is saved); skipping SMS needs WhatsApp saved.
 */
export function canSkipStep(step: OnboardingStep, saved: ChannelReadiness): boolean {
  if (step === 2) return true;
  if (step === 3) return saved.whatsapp;
  return false;
}

/** A step as the stepper marks it: saved, saved without setting its channel up, or still to do. */
type StepMark = 'completed' | 'skipped' | 'pending';

export type StepIndicator = {
  step: OnboardingStep;
  key: OnboardingStepKey;
  mark: StepMark;
  /** Who completed it: the part of the e-mail before the @, or null (also for a skipped step). */
  completedBy: string | null;
};

/** The channel a channel step sets up. */
const stepChannels: Partial<Record<OnboardingStepKey, keyof OnboardingState['channels']>> = {
  whatsappSetup: 'whatsapp',
  smsSetup: 'sms',
};

/**
 * The stepper's marks: a check for completed steps and who completed each; a channel step passed
 * without its channel set up ("Skip: I'll use ... only") is skipped, as the summary says.
 */
export function stepIndicators(state: Pick<OnboardingState, 'steps' | 'channels'>): StepIndicator[] {
  return onboardingStepKeys.map((key, index) => {
    const { completed, completedBy } = state.steps[key];
    const channel = stepChannels[key];
    const mark: StepMark = !completed
      ? 'pending'
      : channel && !state.channels[channel]
        ? 'skipped'
        : 'completed';
    const handle = completedBy ? emailHandle(completedBy).trim() : '';
    return {
      step: (index + 1) as OnboardingStep,
      key,
      mark,
      completedBy: mark === 'completed' && handle !== '' ? handle : null,
    };
  });
}

/** Steps the user may jump to from the indicator: those already saved and the one after them. */
export function isStepReachable(
  step: OnboardingStep,
  state: Pick<OnboardingState, 'stepCompleted'>,
): boolean {
  return step <= resumeStep(state.stepCompleted);
}

export type SummaryStatus = 'completed' | 'notCompleted' | 'connected' | 'skipped';
export type SummaryRow = { key: OnboardingStepKey; status: SummaryStatus; templateCount?: number };

/** The 'Setup Complete!' summary: each step and what it left in place. */
export function summaryRows(state: Pick<OnboardingState, 'steps' | 'channels' | 'templates'>): SummaryRow[] {
  const done = (key: OnboardingStepKey): SummaryStatus =>
    state.steps[key].completed ? 'completed' : 'notCompleted';
  return [
    { key: 'clinicProfile', status: done('clinicProfile') },
    { key: 'whatsappSetup', status: state.channels.whatsapp ? 'connected' : 'skipped' },
    { key: 'smsSetup', status: state.channels.sms ? 'connected' : 'skipped' },
    { key: 'messageTemplates', status: done('messageTemplates'), templateCount: state.templates.length },
  ];
}

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
