import type { OnboardingState } from '@careloop/contracts/onboarding';
import { isPhoneCountry } from '@careloop/domain/clinic-locale';
import { clinicProfileMessages, isEmailAddress } from '@careloop/domain/clinic-profile';
import {
  checkOnboardingAccessToken,
  checkOnboardingAccountSid,
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import type { DomainMessage } from '@careloop/domain/domain-message';
import {
  type ChannelReadiness,
  type OnboardingStep,
  type SmsStepInput,
  usableTemplates,
  validateClinicProfileStep,
  validateSmsStep,
  validateTemplatesStep,
  validateWhatsAppStep,
  type WhatsAppStepInput,
} from '@careloop/domain/onboarding';
import { isValidPhone } from '@careloop/domain/patient';
import type { SaveStepInput } from './api/save-onboarding-step';
import type { ProfileDraft, WizardDrafts } from './onboarding-drafts.utils';

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
