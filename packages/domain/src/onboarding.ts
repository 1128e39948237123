import { isClinicCategory } from './clinic-profile';
import { checkOnboardingAccessToken, checkOnboardingAccountSid, onboardingMessages } from './credentials';
import type { DomainMessage } from './domain-message';

export const onboardingStepCount = 4;
export const onboardingSteps = [1, 2, 3, 4] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
export const onboardingStepKeys = ['clinicProfile', 'whatsappSetup', 'smsSetup', 'messageTemplates'] as const;
export type OnboardingStepKey = (typeof onboardingStepKeys)[number];

export function stepKey(step: OnboardingStep): OnboardingStepKey {
  return onboardingStepKeys[step - 1] as OnboardingStepKey;
}

/** Progress shown in the wizard: step divided by 4, as a whole percentage. */
export function onboardingProgressPercent(step: number): number {
  const clamped = Math.min(Math.max(step, 0), onboardingStepCount);
  return Math.round((clamped / onboardingStepCount) * 100);
}

/** The wizard resumes at the saved step plus one (never past the last step). */
export function resumeStep(stepCompleted: number): OnboardingStep {
  const next = Math.min(Math.max(Math.trunc(stepCompleted), 0) + 1, onboardingStepCount);
  return next as OnboardingStep;
}

export type WhatsAppStepInput = { accessToken: string; phoneNumberId: string };
export type SmsStepInput = { accountSid: string; authToken: string; fromNumber: string };
export type ClinicProfileStepInput = { name: string; email: string; phone: string; category: string };

const filled = (...values: string[]) => values.every((value) => value.trim() !== '');
const blank = (...values: string[]) => values.every((value) => value.trim() === '');

export type ChannelReadiness = {
  /** A WhatsApp pair is saved, or is being entered now. */
  whatsapp: boolean;
  /** An SMS SID, token and from number are saved, or are being entered now. */
  sms: boolean;
};

/**
 * Step validation, first reading of spec 1 §5: either channel may satisfy step 2 or step 3, so a
 * clinic that uses SMS only skips WhatsApp ("Skip: I'll use SMS only") and vice versa. The first
 * failing rule wins; a blank field reads as missing, a wrong prefix with the wizard's own words.
 */
export function validateClinicProfileStep(input: ClinicProfileStepInput): DomainMessage | null {
  if (!filled(input.name, input.email, input.phone, input.category) || !isClinicCategory(input.category)) {
    return onboardingMessages.requiredFieldsMissing;
  }
  return null;
}

export function validateWhatsAppStep(
  input: WhatsAppStepInput,
  saved: ChannelReadiness,
): DomainMessage | null {
  const prefix = checkOnboardingAccessToken(input.accessToken);
  if (prefix) return prefix;
  if (blank(input.accessToken, input.phoneNumberId)) {
    return saved.whatsapp || saved.sms ? null : onboardingMessages.requiredFieldsMissing;
  }
  // What is entered is saved over the channel: a half-entered pair would store a WhatsApp that
  // cannot send (or wipe a working one's phone number ID). A saved token may be left blank.
  const tokenKept = saved.whatsapp && blank(input.accessToken);
  if (filled(input.phoneNumberId) && (tokenKept || filled(input.accessToken))) return null;
  return onboardingMessages.requiredFieldsMissing;
}

export function validateSmsStep(input: SmsStepInput, saved: ChannelReadiness): DomainMessage | null {
  const prefix = checkOnboardingAccountSid(input.accountSid);
  if (prefix) return prefix;
  if (blank(input.accountSid, input.authToken, input.fromNumber)) {
    return saved.sms || saved.whatsapp ? null : onboardingMessages.requiredFieldsMissing;
  }
  // As for WhatsApp: the sender is always needed; a secret left blank only keeps a saved one.
  const secretsGiven = [input.accountSid, input.authToken].every((value) => filled(value) || saved.sms);
  if (filled(input.fromNumber) && secretsGiven) return null;
  return onboardingMessages.requiredFieldsMissing;
}

export type TemplateDraft = { name: string; body: string };

/** Step 4: at least one template with a name and a body, and a channel to send it on. */
export function validateTemplatesStep(templates: readonly TemplateDraft[], channels: ChannelReadiness) {
  const usable = templates.filter((template) => filled(template.name, template.body));
  if (usable.length === 0 || !(channels.whatsapp || channels.sms)) {
    return onboardingMessages.requiredFieldsMissing;
  }
  return null;
}

/** Templates lacking a name or a body are skipped on save, not refused. */
export function usableTemplates<T extends TemplateDraft>(templates: readonly T[]): T[] {
  return templates.filter((template) => filled(template.name, template.body));
}

/**
 * The 'Maximize Your Reach' offer once the wizard is complete: the channel not yet set up, when
 * exactly one is (WhatsApp users are offered SMS, SMS users WhatsApp).
 */
export function reachSuggestion(channels: ChannelReadiness): 'sms' | 'whatsapp' | null {
  if (channels.whatsapp && !channels.sms) return 'sms';
  if (channels.sms && !channels.whatsapp) return 'whatsapp';
  return null;
}

/**
 * Setup is done when the wizard was completed, or when what the wizard asks for is already in place
 * by another way (Settings): a complete clinic profile, a channel with its credentials saved and a
 * usable template. The dashboard's setup reminder shows only while it is not.
 */
export function isSetupDone(state: {
  wizardCompleted: boolean;
  profile: ClinicProfileStepInput;
  channels: ChannelReadiness;
  templates: readonly TemplateDraft[];
}): boolean {
  if (state.wizardCompleted) return true;
  return (
    validateClinicProfileStep(state.profile) === null &&
    validateTemplatesStep(state.templates, state.channels) === null
  );
}
