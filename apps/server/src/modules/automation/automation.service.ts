import type {
  AutomationSettings,
  SaveAutomationSettingsBody,
  SaveAutomationSettingsResponse,
} from '@careloop/contracts/automation';
import { clinicProfileMessages } from '@careloop/domain/clinic-profile';
import {
  type AutomationConfig,
  automationConfigMessages,
  automationConfigSchema,
  defaultAutomationConfig,
} from '@careloop/domain/messaging/automation-config';
import { normalizePhone } from '@careloop/domain/patient';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import {
  type AutomationConfigRow,
  type AutomationConfigValues,
  findClinicAutomation,
  upsertAutomationSettings,
} from './automation.repository';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId'>;

/**
 * The stored row read through the domain schema (the spec's defaults when none was saved). The
 * database's checks keep every column in range; a schedule that is not the expected map falls
 * back to the default schedule rather than failing the clinic's page or its planning.
 */
export function toAutomationConfig(row: AutomationConfigRow | null): AutomationConfig {
  if (!row) return defaultAutomationConfig;
  const stored = {
    whatsappEnabled: row.whatsappEnabled,
    whatsappSecretName: row.whatsappSecretName,
    whatsappPhoneNumberId: row.whatsappPhoneNumberId,
    smsEnabled: row.smsEnabled,
    smsSecretName: row.smsSecretName,
    smsProvider: row.smsProvider,
    smsFromNumber: row.smsFromNumber,
    defaultChannel: row.defaultChannel,
    followupSchedule: row.followupSchedule,
    crosssellEnabled: row.crosssellEnabled,
    crosssellDelayDays: row.crosssellDelayDays,
    quietHours: { sendFrom: row.quietHoursFrom, sendUntil: row.quietHoursUntil },
  };
  let candidate: Record<string, unknown> = stored;
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = automationConfigSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    // A field out of shape takes its default; a default channel that is off, the one that is on.
    const failing = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    candidate = Object.fromEntries(Object.entries(candidate).filter(([key]) => !failing.has(key)));
    if (failing.has('defaultChannel')) candidate.defaultChannel = row.whatsappEnabled ? 'whatsapp' : 'sms';
  }
  return defaultAutomationConfig;
}

function toValues(config: AutomationConfig): AutomationConfigValues {
  return {
    whatsappEnabled: config.whatsappEnabled,
    whatsappSecretName: config.whatsappSecretName,
    whatsappPhoneNumberId: config.whatsappPhoneNumberId,
    smsEnabled: config.smsEnabled,
    smsSecretName: config.smsSecretName,
    smsProvider: config.smsProvider,
    smsFromNumber: config.smsFromNumber,
    defaultChannel: config.defaultChannel,
    followupSchedule: config.followupSchedule,
    crosssellEnabled: config.crosssellEnabled,
    crosssellDelayDays: config.crosssellDelayDays,
    quietHoursFrom: config.quietHours.sendFrom,
    quietHoursUntil: config.quietHours.sendUntil,
  };
}

export async function getAutomationSettings(deps: Deps, ctx: Caller): Promise<AutomationSettings> {
  const clinic = await findClinicAutomation(deps.db, ctx.clinicId);
  if (!clinic) throw notFound('Clinic');
  return { ...toAutomationConfig(clinic.config), timeZone: clinic.timeZone };
}

const definedOnly = <T extends object>(value: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The stored settings with the given fields over them, checked as a whole by the domain's rules:
 * 400 with every failing field (and nothing stored) when they do not hold.
 */
function mergeSettings(stored: AutomationConfig, body: SaveAutomationSettingsBody): AutomationConfig {
  const merged = {
    ...stored,
    ...definedOnly(body),
    followupSchedule: { ...stored.followupSchedule, ...definedOnly(body.followupSchedule) },
    quietHours: { ...stored.quietHours, ...definedOnly(body.quietHours) },
  };
  const parsed = automationConfigSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || null,
    message: issue.message,
  }));
  throw badRequest(details[0]?.message ?? 'The request is not valid', details);
}

/**
 * The SMS sender as Settings saves it (E.164): providers refuse any other form, so a number that
 * is not one is refused here rather than stored over a working sender.
 */
function withSenderNumber(body: SaveAutomationSettingsBody): SaveAutomationSettingsBody {
  if (!body.smsFromNumber) return body;
  let e164: string | null = null;
  try {
    e164 = normalizePhone(body.smsFromNumber);
  } catch {
    // refused below with the field's own message
  }
  if (e164) return { ...body, smsFromNumber: e164 };
  const { key, message } = clinicProfileMessages.phoneInvalid;
  throw badRequest(message, [{ field: 'smsFromNumber', key, message }]);
}

/** Saves the automation settings: fields left out keep their stored values. */
export async function saveAutomationSettings(
  deps: Deps,
  ctx: Caller,
  body: SaveAutomationSettingsBody,
): Promise<SaveAutomationSettingsResponse> {
  const clinic = await findClinicAutomation(deps.db, ctx.clinicId);
  if (!clinic) throw notFound('Clinic');
  const config = mergeSettings(toAutomationConfig(clinic.config), withSenderNumber(body));
  await upsertAutomationSettings(deps.db, ctx.clinicId, toValues(config));
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'automation_settings_saved',
    context: {
      whatsappEnabled: config.whatsappEnabled,
      smsEnabled: config.smsEnabled,
      defaultChannel: config.defaultChannel,
      crosssellEnabled: config.crosssellEnabled,
    },
  });
  return {
    message: automationConfigMessages.saved.message,
    settings: await getAutomationSettings(deps, ctx),
  };
}
