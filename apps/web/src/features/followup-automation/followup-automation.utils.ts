import type { AutomationSettings, SaveAutomationSettingsBody } from '@careloop/contracts/automation';
import {
  type SendTestMessageBody,
  sendTestMessageBodySchema,
  testMessageMessages,
  type testMessageTypes,
} from '@careloop/contracts/outbox';
import { clinicProfileMessages } from '@careloop/domain/clinic-profile';
import type { MessageChannel } from '@careloop/domain/cost-calculator';
import {
  automationConfigMessages,
  automationConfigSchema,
  crossSellDelayDays,
  type FollowUpScheduleDay,
  type SmsProvider,
} from '@careloop/domain/messaging/automation-config';
import { isValidPhone } from '@careloop/domain/patient';
import type { TFunction } from 'i18next';
import { keyFor, translateRuntimeKey } from '../../i18n/runtime-key';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

export const followupTabs = ['test', 'settings', 'systemTest', 'production'] as const;
export type FollowupTab = (typeof followupTabs)[number];

export function parseFollowupTab(value: string | null): FollowupTab {
  return followupTabs.find((tab) => tab === value) ?? 'test';
}

// ---------------------------------------------------------------------------------------------
// Messages: the server's English texts (spec 2 §5, §8) to this feature's translation keys.
// ---------------------------------------------------------------------------------------------

const translationKeyByMessage = new Map<string, string>([
  ...Object.entries(testMessageMessages).flatMap(([name, { message }]) =>
    name === 'sent' || name === 'failed' ? [] : [[message, `followup:test.errors.${name}`] as const],
  ),
  ...Object.entries(automationConfigMessages).flatMap(([name, { key, message }]) =>
    key.startsWith('automation.settings.errors.')
      ? [[message, `followup:settings.errors.${name}`] as const]
      : [],
  ),
]);

/** The translation key of a validation message this feature knows, or null (shown as the server wrote it). */
export function translationKeyOf(message: string): string | null {
  return translationKeyByMessage.get(message) ?? null;
}

// The message service's refusals that carry no key of their own (modules/outbox
// test-message.service): its English text, naming the channel as 'SMS' or 'WhatsApp'.
const channelOfName: Readonly<Record<string, MessageChannel>> = { SMS: 'sms', WhatsApp: 'whatsapp' };
const testMessageRefusals = [
  [/^(SMS|WhatsApp) is not set up for this clinic$/, 'followup:test.errors.channelNotSetUp'],
  [/^The patient opted out of (SMS|WhatsApp) messages$/, 'followup:test.errors.optedOut'],
  [/^The patient has not consented to marketing messages$/, 'followup:test.errors.noMarketingConsent'],
] as const;

/**
 * A Test Messaging refusal or field message in the reader's language, or null for a text this
 * feature does not know (the server's English is then never shown as is).
 */
export function testMessageErrorText(t: TFunction<['followup', 'patients']>, message: string): string | null {
  const key = translationKeyOf(message);
  if (key) return translateRuntimeKey(t, key);
  for (const [pattern, refusalKey] of testMessageRefusals) {
    const match = pattern.exec(message);
    if (!match) continue;
    const channel = match[1] ? channelOfName[match[1]] : undefined;
    return translateRuntimeKey(t, refusalKey, channel ? { channel: t(`followup:channels.${channel}`) } : {});
  }
  return null;
}

/** The failure toast's text: the refusal translated, else the app's text for the error code. */
export function testMessageFailureText(
  t: TFunction<['followup', 'patients']>,
  error: unknown,
): string | undefined {
  // 502 is 'Failed to send follow-up message' itself: the toast's title says it already.
  if (error instanceof ApiError && error.status === 502) return undefined;
  const known = error instanceof ApiError ? testMessageErrorText(t, error.message) : null;
  return known ?? apiErrorMessage(error);
}

export type FieldErrors = Partial<Record<string, string>>;

/** A 400 answer's field errors (`details: [{ field, message }]`), the first one per field. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: FieldErrors = {};
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !errors[field]) errors[field] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Test Messaging
// ---------------------------------------------------------------------------------------------

/** A message's delivery states by the names the patient's timeline gives them. */
const deliveryStatusKeys = {
  queued: 'patients:timeline.delivery.queued',
  sending: 'patients:timeline.delivery.sending',
  sent: 'patients:timeline.delivery.sent',
  delivered: 'patients:timeline.delivery.delivered',
  read: 'patients:timeline.delivery.read',
  failed: 'patients:timeline.delivery.failed',
} as const;

/** A test message's delivery state in the reader's language; one not known here shows as the server named it. */
export function deliveryStatusLabel(t: TFunction<['followup', 'patients']>, status: string): string {
  const key = keyFor(deliveryStatusKeys, status);
  return key ? t(key) : status;
}

export type TestMessageFormValues = {
  patientId: string;
  clinicId: string;
  treatmentType: string;
  patientPhone: string;
  /** A number once typed; '' while the field is empty. */
  daysAfterTreatment: number | string;
  messageType: (typeof testMessageTypes)[number];
  preferredChannel: MessageChannel;
};

export function testMessageFormValues(
  clinicId: string,
  defaultChannel: MessageChannel,
): TestMessageFormValues {
  return {
    patientId: '',
    clinicId,
    treatmentType: '',
    patientPhone: '',
    daysAfterTreatment: 1,
    messageType: 'followup',
    preferredChannel: defaultChannel,
  };
}

/** The request body, or the English message of every failing field (the contract's own rules). */
export function checkTestMessage(
  values: TestMessageFormValues,
): { body: SendTestMessageBody; errors: null } | { body: null; errors: FieldErrors } {
  const parsed = sendTestMessageBodySchema.safeParse({
    ...values,
    daysAfterTreatment: values.daysAfterTreatment === '' ? undefined : Number(values.daysAfterTreatment),
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { body: null, errors };
}

/** What picking a patient fills in: the id, and their phone and procedure when known. */
export function withPatient(
  values: TestMessageFormValues,
  patient: { id: string; phone: string | null; procedure: string | null } | null,
): TestMessageFormValues {
  if (!patient) return { ...values, patientId: '' };
  return {
    ...values,
    patientId: patient.id,
    patientPhone: patient.phone ?? values.patientPhone,
    treatmentType: patient.procedure ?? values.treatmentType,
  };
}

// ---------------------------------------------------------------------------------------------
// Automation Settings
// ---------------------------------------------------------------------------------------------

export type SettingsFormValues = {
  followupSchedule: Record<`${FollowUpScheduleDay}`, boolean>;
  crosssellEnabled: boolean;
  crosssellDelayDays: number | string;
  defaultChannel: MessageChannel;
  whatsappEnabled: boolean;
  whatsappSecretName: string;
  whatsappPhoneNumberId: string;
  smsEnabled: boolean;
  smsSecretName: string;
  smsProvider: SmsProvider;
  smsFromNumber: string;
  sendFrom: string;
  sendUntil: string;
};

export function settingsFormValues(settings: AutomationSettings): SettingsFormValues {
  return {
    followupSchedule: { ...settings.followupSchedule },
    crosssellEnabled: settings.crosssellEnabled,
    crosssellDelayDays: settings.crosssellDelayDays,
    defaultChannel: settings.defaultChannel,
    whatsappEnabled: settings.whatsappEnabled,
    whatsappSecretName: settings.whatsappSecretName ?? '',
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId ?? '',
    smsEnabled: settings.smsEnabled,
    smsSecretName: settings.smsSecretName ?? '',
    smsProvider: settings.smsProvider,
    smsFromNumber: settings.smsFromNumber ?? '',
    sendFrom: settings.quietHours.sendFrom,
    sendUntil: settings.quietHours.sendUntil,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The delay as typed; with cross-sells off, a delay left out of range behind the switched-off field
 * (which can then not be corrected) is sent as the default instead of refusing the save.
 */
function crossSellDelayOf(values: SettingsFormValues): number {
  const typed = values.crosssellDelayDays === '' ? Number.NaN : Number(values.crosssellDelayDays);
  const inRange =
    Number.isInteger(typed) && typed >= crossSellDelayDays.min && typed <= crossSellDelayDays.max;
  return values.crosssellEnabled || inRange ? typed : crossSellDelayDays.default;
}

export function toSettingsBody(values: SettingsFormValues): SaveAutomationSettingsBody {
  return {
    followupSchedule: { ...values.followupSchedule },
    crosssellEnabled: values.crosssellEnabled,
    crosssellDelayDays: crossSellDelayOf(values),
    defaultChannel: values.defaultChannel,
    whatsappEnabled: values.whatsappEnabled,
    whatsappSecretName: orNull(values.whatsappSecretName),
    whatsappPhoneNumberId: orNull(values.whatsappPhoneNumberId),
    smsEnabled: values.smsEnabled,
    smsSecretName: orNull(values.smsSecretName),
    smsProvider: values.smsProvider,
    smsFromNumber: orNull(values.smsFromNumber),
    quietHours: { sendFrom: values.sendFrom, sendUntil: values.sendUntil },
  };
}

/** Field errors of the settings by the domain's rules (the server checks the same), keyed by form field. */
export function validateSettings(values: SettingsFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const fromNumber = values.smsFromNumber.trim();
  if (fromNumber !== '' && !isValidPhone(fromNumber))
    errors.smsFromNumber = clinicProfileMessages.phoneInvalid.message;
  const parsed = automationConfigSchema.safeParse(toSettingsBody(values));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [head, tail] = issue.path.map(String);
    const field = head === 'quietHours' ? (tail ?? 'sendUntil') : (head ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// System Test (spec 2 §2, §8)
// ---------------------------------------------------------------------------------------------

export const systemChecks = [
  'database',
  'auth',
  'clinic',
  'readConfig',
  'saveConfig',
  'messageService',
  'aiModel',
] as const;
export type SystemCheck = (typeof systemChecks)[number];
export type CheckStatus = 'passed' | 'failed' | 'unknown';
export type CheckResults = Partial<Record<SystemCheck, CheckStatus>>;

/** The calls System Test makes, injected so the rules below are testable without a network. */
export type SystemTestCalls = {
  ready: () => Promise<unknown>;
  me: () => Promise<unknown>;
  readSettings: () => Promise<unknown>;
  saveSettings: () => Promise<unknown>;
  /** The message service with a test body: a validation answer proves it is deployed. */
  probeMessageService: () => Promise<unknown>;
  aiModelConfigured: () => Promise<boolean>;
};

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/** Whether the message service answered at all: any 4xx other than 404 is "deployed and responding". */
export function isServiceResponding(error: unknown): boolean {
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500 && status !== 404;
}

async function passes(call: () => Promise<unknown>): Promise<CheckStatus> {
  try {
    await call();
    return 'passed';
  } catch {
    return 'failed';
  }
}

/**
 * Runs the checks in order and reports each as it finishes. Without a session or a clinic the
 * checks that need them cannot say anything: they stay unknown.
 */
export async function runSystemTest(
  calls: SystemTestCalls,
  onResult: (check: SystemCheck, status: CheckStatus) => void,
): Promise<CheckResults> {
  const results: CheckResults = {};
  const report = (check: SystemCheck, status: CheckStatus) => {
    results[check] = status;
    onResult(check, status);
  };
  report('database', await passes(calls.ready));

  let meError: unknown = null;
  try {
    await calls.me();
  } catch (error) {
    meError = error ?? new Error('me');
  }
  const meStatus = statusOf(meError);
  report('auth', meError === null || meStatus === 403 ? 'passed' : meStatus === 401 ? 'failed' : 'unknown');
  report('clinic', meError === null ? 'passed' : meStatus === 403 ? 'failed' : 'unknown');
  const hasClinic = meError === null;

  const dependent: SystemCheck[] = ['readConfig', 'saveConfig', 'messageService', 'aiModel'];
  if (!hasClinic) {
    for (const check of dependent) report(check, 'unknown');
    return results;
  }
  report('readConfig', await passes(calls.readSettings));
  report('saveConfig', await passes(calls.saveSettings));
  try {
    await calls.probeMessageService();
    report('messageService', 'passed');
  } catch (error) {
    report('messageService', isServiceResponding(error) ? 'passed' : 'failed');
  }
  try {
    report('aiModel', (await calls.aiModelConfigured()) ? 'passed' : 'failed');
  } catch {
    report('aiModel', 'unknown');
  }
  return results;
}

/** How many checks did not pass (failed or unknown): the summary toast's {n}. */
export function failedCount(results: CheckResults): number {
  return systemChecks.filter((check) => results[check] !== 'passed').length;
}
