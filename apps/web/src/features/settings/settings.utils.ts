import type {
  ClinicSettings,
  SaveSmsBody,
  SaveWhatsAppBody,
  SmsProvider,
  TestSmsBody,
  TestWhatsAppBody,
  UpdateClinicProfileBody,
} from '@careloop/contracts/settings';
import { aiReplyDelayHours, aiReplyThresholds } from '@careloop/contracts/settings';
import type { MessageTemplate } from '@careloop/contracts/templates';
import { isPhoneCountry } from '@careloop/domain/clinic-locale';
import { clinicProfileMessages, isClinicCategory, isEmailAddress } from '@careloop/domain/clinic-profile';
import {
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import type { DomainMessage } from '@careloop/domain/domain-message';
import {
  isWhatsAppLanguageCode,
  isWhatsAppTemplateName,
  whatsAppTemplateMessages,
} from '@careloop/domain/messaging/whatsapp-template';
import { isValidPhone } from '@careloop/domain/patient';
import type { TemplateLanguage } from '@careloop/domain/starter-templates';
import type { ClinicLocaleValues } from '../../components/clinic-locale-fields';
import {
  blankTemplateDraft,
  previewTemplate,
  type TemplateDraft,
  toSavedTemplates,
} from '../../components/template-editor.utils';
import { ApiError } from '../../lib/api-client';

export const settingsTabs = ['clinic', 'templates', 'team', 'api', 'plan'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The tab in the URL (`?tab=`): unknown values open the Clinic tab. */
export function parseSettingsTab(value: string | null): SettingsTab {
  return settingsTabs.find((tab) => tab === value) ?? 'clinic';
}

export function isPlanRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'PLAN_REQUIRED';
}

/** Messages the settings forms show that the specification does not word (keys in `settings`). */
const settingsMessages = {
  ...clinicProfileMessages,
  phoneNumberIdRequired: {
    key: 'settings.errors.phoneNumberIdRequired',
    message: 'Phone number ID is required',
  },
  categoryRequired: { key: 'settings.errors.categoryRequired', message: 'Please choose a clinic category' },
  fromNumberRequired: { key: 'settings.errors.fromNumberRequired', message: 'From number is required' },
  apiKeyRequired: { key: 'settings.errors.apiKeyRequired', message: 'API key is required' },
  businessUnitIdRequired: {
    key: 'settings.errors.businessUnitIdRequired',
    message: 'Business unit ID is required',
  },
} as const satisfies Record<string, DomainMessage>;

export type FieldErrors<Field extends string> = Partial<Record<Field, DomainMessage>>;

function isFieldDetail(value: unknown): value is { field: string; key: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { field, key, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof key === 'string' && typeof message === 'string';
}

/** The field errors of a 400 answer (`details: [{ field, key, message }]`), first per field. */
export function fieldErrorsOf(error: unknown): FieldErrors<string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: FieldErrors<string> = {};
  for (const detail of error.details) {
    if (isFieldDetail(detail) && !errors[detail.field]) {
      errors[detail.field] = { key: detail.key, message: detail.message };
    }
  }
  return errors;
}

function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

const present = (value: string) => value.trim() !== '';
/** A secret field sent only when typed: blank keeps the saved one. */
const typed = (value: string) => (present(value) ? value.trim() : undefined);

// Clinic profile

export type ProfileFormValues = Omit<
  UpdateClinicProfileBody,
  'category' | 'defaultLanguage' | 'timeZone' | 'country'
> &
  ClinicLocaleValues & {
    category: UpdateClinicProfileBody['category'] | null;
  };

export function profileFormValues(settings: ClinicSettings): ProfileFormValues {
  const { clinic } = settings;
  return {
    name: clinic.name,
    email: clinic.email ?? '',
    phone: clinic.phone ?? '',
    category: clinic.category,
    brandTone: clinic.brandTone,
    defaultLanguage: clinic.defaultLanguage,
    timeZone: clinic.timeZone,
    country: clinic.country ?? '',
  };
}

export function validateProfile(
  values: ProfileFormValues,
): FieldErrors<'name' | 'email' | 'phone' | 'category'> {
  return {
    ...(!present(values.name) && { name: settingsMessages.nameRequired }),
    ...(!isEmailAddress(values.email) && { email: settingsMessages.emailInvalid }),
    ...(!isValidPhone(values.phone, isPhoneCountry(values.country) ? values.country : undefined) && {
      phone: settingsMessages.phoneInvalid,
    }),
    ...(!isClinicCategory(values.category) && { category: settingsMessages.categoryRequired }),
  };
}

/** The PUT body, or null while the form has errors. */
export function toProfileBody(values: ProfileFormValues): UpdateClinicProfileBody | null {
  if (hasErrors(validateProfile(values)) || !isClinicCategory(values.category)) return null;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    category: values.category,
    brandTone: values.brandTone,
    defaultLanguage: values.defaultLanguage,
    timeZone: values.timeZone,
    country: values.country === '' ? null : values.country,
  };
}

// Trustpilot

export type TrustpilotFormValues = { apiKey: string; businessUnitId: string };

export function validateTrustpilot(values: TrustpilotFormValues): FieldErrors<'apiKey' | 'businessUnitId'> {
  return {
    ...(!present(values.apiKey) && { apiKey: settingsMessages.apiKeyRequired }),
    ...(!present(values.businessUnitId) && { businessUnitId: settingsMessages.businessUnitIdRequired }),
  };
}

// WhatsApp

export type WhatsAppFormValues = {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  templateName: string;
  templateLanguage: string;
};
export type WhatsAppSaved = Pick<ClinicSettings['whatsapp'], 'hasAccessToken' | 'hasAppSecret'>;

/** The spec's token rules as the user types; a blank token is fine while one is saved. */
export function validateWhatsApp(
  values: WhatsAppFormValues,
  saved: WhatsAppSaved,
): FieldErrors<'accessToken' | 'phoneNumberId' | 'templateName' | 'templateLanguage'> {
  const keepsToken = !present(values.accessToken) && saved.hasAccessToken;
  const accessToken = keepsToken ? null : validateWhatsAppAccessToken(values.accessToken);
  const templateName = values.templateName.trim();
  const templateLanguage = values.templateLanguage.trim();
  return {
    ...(accessToken && { accessToken }),
    ...(!present(values.phoneNumberId) && { phoneNumberId: settingsMessages.phoneNumberIdRequired }),
    ...(!isWhatsAppTemplateName(templateName) && { templateName: whatsAppTemplateMessages.name }),
    ...(templateLanguage !== '' &&
      !isWhatsAppLanguageCode(templateLanguage) && { templateLanguage: whatsAppTemplateMessages.language }),
  };
}

export function toWhatsAppBody(values: WhatsAppFormValues): SaveWhatsAppBody {
  const body: SaveWhatsAppBody = {
    phoneNumberId: values.phoneNumberId.trim(),
    templateName: values.templateName.trim(),
    templateLanguage: values.templateLanguage.trim(),
  };
  const accessToken = typed(values.accessToken);
  const appSecret = typed(values.appSecret);
  if (accessToken) body.accessToken = accessToken;
  if (appSecret) body.appSecret = appSecret;
  return body;
}

/** Test connection needs an access token, typed or saved. */
export function canTestWhatsApp(values: WhatsAppFormValues, saved: WhatsAppSaved): boolean {
  return present(values.accessToken) || saved.hasAccessToken;
}

export function toTestWhatsAppBody(values: WhatsAppFormValues): TestWhatsAppBody {
  const body: TestWhatsAppBody = {};
  const accessToken = typed(values.accessToken);
  const phoneNumberId = typed(values.phoneNumberId);
  if (accessToken) body.accessToken = accessToken;
  if (phoneNumberId) body.phoneNumberId = phoneNumberId;
  return body;
}

// SMS

export type SmsFormValues = {
  provider: SmsProvider;
  accountSid: string;
  authToken: string;
  fromNumber: string;
};
export type SmsSaved = Pick<ClinicSettings['sms'], 'provider' | 'hasAccountSid' | 'hasAuthToken'>;

/**
 * Twilio credentials follow the spec's rules; other providers' keys have their own formats, so
 * only "required" applies. Saved secrets belong to the saved provider only.
 */
export function validateSms(
  values: SmsFormValues,
  saved: SmsSaved,
): FieldErrors<'accountSid' | 'authToken' | 'fromNumber'> {
  const sameProvider = values.provider === saved.provider;
  const check = (value: string, isSaved: boolean, rule: (value: string) => DomainMessage | null) => {
    if (!present(value)) return isSaved && sameProvider ? null : rule('');
    return values.provider === 'twilio' ? rule(value) : null;
  };
  const accountSid = check(values.accountSid, saved.hasAccountSid, validateSmsAccountSid);
  const authToken = check(values.authToken, saved.hasAuthToken, validateSmsAuthToken);
  return {
    ...(accountSid && { accountSid }),
    ...(authToken && { authToken }),
    ...(!present(values.fromNumber) && { fromNumber: settingsMessages.fromNumberRequired }),
  };
}

export function toSmsBody(values: SmsFormValues): SaveSmsBody {
  const body: SaveSmsBody = { provider: values.provider, fromNumber: values.fromNumber.trim() };
  const accountSid = typed(values.accountSid);
  const authToken = typed(values.authToken);
  if (accountSid) body.accountSid = accountSid;
  if (authToken) body.authToken = authToken;
  return body;
}

/** Test connection needs an account SID, typed or saved for the chosen provider. */
export function canTestSms(values: SmsFormValues, saved: SmsSaved): boolean {
  return present(values.accountSid) || (saved.hasAccountSid && values.provider === saved.provider);
}

export function toTestSmsBody(values: SmsFormValues): TestSmsBody {
  const body: TestSmsBody = {};
  const accountSid = typed(values.accountSid);
  const authToken = typed(values.authToken);
  if (accountSid) body.accountSid = accountSid;
  if (authToken) body.authToken = authToken;
  return body;
}

// AI review response

export type AiThreshold = (typeof aiReplyThresholds)[number];
export type AiDelayHours = (typeof aiReplyDelayHours)[number];
export const recommendedAiThreshold: AiThreshold = 3;
export const recommendedAiDelayHours: AiDelayHours = 2;

export function parseAiThreshold(value: string | number | null | undefined): AiThreshold {
  return aiReplyThresholds.find((choice) => String(choice) === String(value)) ?? recommendedAiThreshold;
}

export function parseAiDelayHours(value: string | number | null | undefined): AiDelayHours {
  return aiReplyDelayHours.find((choice) => String(choice) === String(value)) ?? recommendedAiDelayHours;
}

// Templates

/** The editor's list from the saved set, with one blank custom template to write in when none exists. */
export function templateDraftsFrom(
  templates: readonly MessageTemplate[],
  language: TemplateLanguage,
): TemplateDraft[] {
  const drafts: TemplateDraft[] = templates.map(({ name, body, category, language, channel }) => ({
    name,
    body,
    category,
    language,
    channel,
  }));
  return drafts.some((draft) => draft.category === null) ? drafts : [...drafts, blankTemplateDraft(language)];
}

/** Whether the editor holds something other than the saved set (blank drafts do not count). */
export function templateSetChanged(
  saved: readonly MessageTemplate[],
  drafts: readonly TemplateDraft[],
): boolean {
  const kept = toSavedTemplates(drafts);
  if (kept.length !== saved.length) return true;
  return kept.some((draft, index) => {
    const row = saved[index];
    return (
      !row ||
      row.name !== draft.name ||
      row.body !== draft.body ||
      row.category !== draft.category ||
      row.language !== draft.language ||
      row.channel !== draft.channel
    );
  });
}

/** The domain renderer refuses unknown placeholders: such a set may not be saved. */
export function hasUnknownTemplateVariables(drafts: readonly TemplateDraft[]): boolean {
  return drafts.some((draft) => previewTemplate(draft.body).kind === 'unknownVariables');
}

/** The automatic sign-out times offered (minutes), with the saved one if it is another (set through the API). */
export function idleMinuteChoices(saved: number): number[] {
  const offered = [5, 10, 15, 30, 60, 120, 240, 480, 720];
  return offered.includes(saved) ? offered : [...offered, saved].sort((a, b) => a - b);
}
