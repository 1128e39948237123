import type { WorkAuditAction } from '@careloop/contracts/audit';
import type {
  ClinicSettings,
  SaveAiReviewResponseBody,
  SaveSmsBody,
  SaveTrustpilotBody,
  SaveWhatsAppBody,
  SmsProvider,
  UpdateClinicProfileBody,
} from '@careloop/contracts/settings';
import { isPhoneCountry, languageFor } from '@careloop/domain/clinic-locale';
import {
  type BrandTone,
  brandTones,
  type ClinicCategory,
  isClinicCategory,
} from '@careloop/domain/clinic-profile';
import { connectionStatusOf } from '@careloop/domain/connection-status';
import {
  type CredentialError,
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import { defaultWhatsAppTemplateName } from '@careloop/domain/messaging/whatsapp-template';
import { normalizePhone } from '@careloop/domain/patient';
import {
  canUseAiReviewResponse,
  getPlanFeatures,
  planMessages,
  resolvePlanTier,
} from '@careloop/domain/plans';
import { isProviderErrorCode, providerErrorMessage } from '@careloop/domain/provider-errors';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { findSavedSecretNames, saveSecret } from '../secrets/secrets.service';
import { smsSecretNames, trustpilotSecretNames, whatsAppSecretNames } from './channel-secrets';
import {
  type AutomationConfigRow,
  findAutomationConfig,
  findClinicProfile,
  findLatestCredentialChecks,
  insertCredentialCheck,
  updateClinicProfile,
  upsertAutomationConfig,
} from './settings.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

const automationDefaults = { smsProvider: 'twilio' as SmsProvider, threshold: 3, delayHours: 2 };

export const planRequired = () => new AppError(403, 'PLAN_REQUIRED', planMessages.featureLocked.message);

export type FieldError = { field: string; key: string; message: string };

export function rejectFields(errors: FieldError[]): never {
  throw badRequest(errors[0]?.message ?? 'The request is not valid', errors);
}

export const fieldError = (
  field: string,
  error: CredentialError | { key: string; message: string },
): FieldError => ({
  field,
  key: error.key,
  message: error.message,
});

function toBrandTone(value: string): BrandTone {
  return brandTones.find((tone) => tone === value) ?? 'professional';
}

/**
 * Whether each channel has what it needs to send (credentials and sender saved): used by Settings,
 * onboarding and messaging. `configRead` is the clinic's automation
 * configuration when the caller has read it already (null: it has none), so it is not read twice.
 */
export async function getChannelReadiness(
  deps: Pick<AppDeps, 'db'>,
  clinicId: string,
  configRead?: AutomationConfigRow | null,
) {
  const config = configRead === undefined ? await findAutomationConfig(deps.db, clinicId) : configRead;
  const provider = (config?.smsProvider ?? automationDefaults.smsProvider) as SmsProvider;
  const whatsapp = whatsAppSecretNames(clinicId);
  const sms = smsSecretNames(provider, clinicId);
  const saved = await findSavedSecretNames(deps, clinicId, [
    whatsapp.accessToken,
    sms.accountSid,
    sms.authToken,
  ]);
  return {
    config,
    provider,
    whatsapp: saved.has(whatsapp.accessToken) && Boolean(config?.whatsappPhoneNumberId),
    sms: saved.has(sms.accountSid) && saved.has(sms.authToken) && Boolean(config?.smsFromNumber),
  };
}

const credentialCheckStatus = (status: string): 'healthy' | 'unhealthy' | 'unknown' =>
  status === 'healthy' || status === 'unhealthy' ? status : 'unknown';

/** A save makes the credential untested: its badge waits for the next real call to the provider. */
const untested = (ctx: Caller, credentialType: string) => ({
  clinicId: ctx.clinicId,
  credentialType,
  status: 'unknown' as const,
  detail: null,
  errorCode: null,
  checkedAt: new Date(),
});

export async function getSettings(deps: Deps, ctx: Caller): Promise<ClinicSettings> {
  const profile = await findClinicProfile(deps.db, ctx.clinicId);
  if (!profile) throw notFound('Clinic');
  const config = await findAutomationConfig(deps.db, ctx.clinicId);
  const provider = (config?.smsProvider ?? automationDefaults.smsProvider) as SmsProvider;
  const trustpilot = trustpilotSecretNames(ctx.clinicId);
  const whatsapp = whatsAppSecretNames(ctx.clinicId);
  const sms = smsSecretNames(provider, ctx.clinicId);
  const saved = await findSavedSecretNames(deps, ctx.clinicId, [
    trustpilot.apiKey,
    trustpilot.businessUnitId,
    whatsapp.accessToken,
    whatsapp.appSecret,
    sms.accountSid,
    sms.authToken,
  ]);
  const checks = await findLatestCredentialChecks(deps.db, ctx.clinicId, [
    'trustpilot',
    'whatsapp',
    provider,
  ]);
  const language = readerLanguage(ctx);
  const connection = (configured: boolean, type: string) => {
    const latest = checks.get(type);
    const status = connectionStatusOf(
      configured,
      latest
        ? {
            status: credentialCheckStatus(latest.status),
            // A check from before failures were coded reads as a plain "could not connect".
            detail: providerErrorMessage(
              isProviderErrorCode(latest.errorCode) ? latest.errorCode : 'connection_failed',
              type,
              language,
            ),
            checkedAt: latest.checkedAt,
          }
        : null,
    );
    return { ...status, checkedAt: status.checkedAt?.toISOString() ?? null };
  };
  const trustpilotConfigured = saved.has(trustpilot.apiKey) && saved.has(trustpilot.businessUnitId);
  const whatsappEnabled = config?.whatsappEnabled ?? false;
  const smsEnabled = (config?.smsEnabled ?? false) && saved.has(sms.accountSid);
  return {
    clinic: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      category: isClinicCategory(profile.category) ? profile.category : null,
      brandTone: toBrandTone(profile.brandTone),
      subscriptionTier: profile.subscriptionTier,
      planTier: resolvePlanTier(profile.subscriptionTier),
      sandboxMode: profile.sandboxMode === 'on',
      defaultLanguage: languageFor(null, profile.defaultLanguage),
      timeZone: profile.timeZone,
      country: profile.country,
    },
    security: { idleTimeoutMinutes: profile.idleTimeoutMinutes },
    trustpilot: {
      configured: trustpilotConfigured,
      connection: connection(trustpilotConfigured, 'trustpilot'),
    },
    whatsapp: {
      enabled: whatsappEnabled,
      phoneNumberId: config?.whatsappPhoneNumberId ?? null,
      hasAccessToken: saved.has(whatsapp.accessToken),
      hasAppSecret: saved.has(whatsapp.appSecret),
      templateName: config?.whatsappTemplateName ?? defaultWhatsAppTemplateName,
      templateLanguage: config?.whatsappTemplateLanguage ?? null,
      connection: connection(whatsappEnabled && saved.has(whatsapp.accessToken), 'whatsapp'),
    },
    sms: {
      enabled: smsEnabled,
      provider,
      fromNumber: config?.smsFromNumber ?? null,
      hasAccountSid: saved.has(sms.accountSid),
      hasAuthToken: saved.has(sms.authToken),
      connection: connection(smsEnabled, provider),
    },
    aiReviewResponse: {
      available: canUseAiReviewResponse(profile.subscriptionTier),
      enabled: config?.aiReviewResponseEnabled ?? false,
      threshold: config?.aiReviewResponseThreshold ?? automationDefaults.threshold,
      delayHours: config?.aiReviewResponseDelayHours ?? automationDefaults.delayHours,
    },
    templateLimit: getPlanFeatures(profile.subscriptionTier).templateLimit,
  };
}

export async function audit(
  deps: Pick<AppDeps, 'db'>,
  ctx: Caller,
  action: WorkAuditAction,
  context?: Record<string, unknown>,
) {
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action,
    context: context ?? null,
  });
}

export async function updateCategory(deps: Deps, ctx: Caller, category: ClinicCategory) {
  await updateClinicProfile(deps.db, ctx.clinicId, { category });
  await audit(deps, ctx, 'settings_category_updated', { category });
  return getSettings(deps, ctx);
}

function normalizeContactPhone(field: string, raw: string, country?: string | null): string {
  try {
    const phone = normalizePhone(raw, country && isPhoneCountry(country) ? country : undefined);
    if (phone) return phone;
  } catch {
    // reported below with the field's own message
  }
  return rejectFields([
    { field, key: 'settings.errors.phoneInvalid', message: 'Please enter a valid phone number' },
  ]);
}

/**
 * Name, contact e-mail, phone (E.164), category and brand tone, and the language, time zone and
 * country when given (onboarding step 1, Settings).
 */
export async function saveClinicProfile(deps: Deps, ctx: Caller, body: UpdateClinicProfileBody) {
  const errors: FieldError[] = [];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) {
    errors.push({
      field: 'email',
      key: 'settings.errors.emailInvalid',
      message: 'Please enter a valid email address',
    });
  }
  if (errors.length > 0) rejectFields(errors);
  const phone = normalizeContactPhone('phone', body.phone, body.country);
  await updateClinicProfile(deps.db, ctx.clinicId, {
    name: body.name,
    email: body.email.toLowerCase(),
    phone,
    category: body.category,
    brandTone: body.brandTone,
    ...(body.defaultLanguage ? { defaultLanguage: body.defaultLanguage } : {}),
    ...(body.timeZone ? { timeZone: body.timeZone } : {}),
    ...(body.country !== undefined ? { country: body.country } : {}),
  });
  await audit(deps, ctx, 'settings_profile_updated');
  return getSettings(deps, ctx);
}

export async function saveTrustpilot(deps: Deps, ctx: Caller, body: SaveTrustpilotBody) {
  const names = trustpilotSecretNames(ctx.clinicId);
  await deps.db.transaction(async (tx) => {
    const txDeps = { db: tx, secretBox: deps.secretBox };
    await saveSecret(txDeps, ctx, { name: names.apiKey, value: body.apiKey });
    await saveSecret(txDeps, ctx, { name: names.businessUnitId, value: body.businessUnitId });
    await insertCredentialCheck(tx, untested(ctx, 'trustpilot'));
  });
  await audit(deps, ctx, 'settings_trustpilot_saved');
  return getSettings(deps, ctx);
}

/**
 * WhatsApp credentials: the token is checked with the spec's rules; a blank token or app secret
 * keeps the one already saved. Secrets and the configuration are written together or not at all.
 */
export async function saveWhatsApp(deps: Deps, ctx: Caller, body: SaveWhatsAppBody) {
  const names = whatsAppSecretNames(ctx.clinicId);
  const saved = await findSavedSecretNames(deps, ctx.clinicId, [names.accessToken]);
  const accessToken = body.accessToken?.trim() ?? '';
  const appSecret = body.appSecret?.trim() ?? '';
  if (accessToken !== '' || !saved.has(names.accessToken)) {
    const tokenError = validateWhatsAppAccessToken(accessToken);
    if (tokenError) rejectFields([fieldError('accessToken', tokenError)]);
  }
  const phoneNumberId = body.phoneNumberId.trim();
  await deps.db.transaction(async (tx) => {
    const txDeps = { db: tx, secretBox: deps.secretBox };
    if (accessToken !== '') await saveSecret(txDeps, ctx, { name: names.accessToken, value: accessToken });
    await insertCredentialCheck(tx, untested(ctx, 'whatsapp'));
    if (appSecret !== '') await saveSecret(txDeps, ctx, { name: names.appSecret, value: appSecret });
    await saveSecret(txDeps, ctx, { name: names.phoneNumberId, value: phoneNumberId });
    await upsertAutomationConfig(tx, ctx.clinicId, {
      whatsappEnabled: true,
      whatsappSecretName: names.accessToken,
      whatsappPhoneNumberId: phoneNumberId,
      ...(body.templateName !== undefined ? { whatsappTemplateName: body.templateName } : {}),
      ...(body.templateLanguage !== undefined
        ? { whatsappTemplateLanguage: body.templateLanguage || null }
        : {}),
    });
  });
  await audit(deps, ctx, 'settings_whatsapp_saved');
  return getSettings(deps, ctx);
}

function validateSmsField(
  provider: SmsProvider,
  field: 'accountSid' | 'authToken',
  value: string,
): CredentialError | null {
  if (provider === 'twilio') {
    return field === 'accountSid' ? validateSmsAccountSid(value) : validateSmsAuthToken(value);
  }
  // Vonage and SNS keys have their own formats: required is the one rule they share.
  if (value.trim() !== '') return null;
  return field === 'accountSid' ? validateSmsAccountSid('') : validateSmsAuthToken('');
}

/** SMS provider credentials (SID and token checked as spec 1 §5 says for Twilio) and the sender. */
export async function saveSms(deps: Deps, ctx: Caller, input: SaveSmsBody) {
  const provider = input.provider ?? 'twilio';
  const names = smsSecretNames(provider, ctx.clinicId);
  const saved = await findSavedSecretNames(deps, ctx.clinicId, [names.accountSid, names.authToken]);
  const accountSid = input.accountSid?.trim() ?? '';
  const authToken = input.authToken?.trim() ?? '';
  const errors: FieldError[] = [];
  for (const [field, value, name] of [
    ['accountSid', accountSid, names.accountSid],
    ['authToken', authToken, names.authToken],
  ] as const) {
    if (value === '' && saved.has(name)) continue;
    const error = validateSmsField(provider, field, value);
    if (error) errors.push(fieldError(field, error));
  }
  if (errors.length > 0) rejectFields(errors);
  const fromNumber = normalizeContactPhone('fromNumber', input.fromNumber);
  await deps.db.transaction(async (tx) => {
    const txDeps = { db: tx, secretBox: deps.secretBox };
    if (accountSid !== '') await saveSecret(txDeps, ctx, { name: names.accountSid, value: accountSid });
    if (authToken !== '') await saveSecret(txDeps, ctx, { name: names.authToken, value: authToken });
    await insertCredentialCheck(tx, untested(ctx, provider));
    await upsertAutomationConfig(tx, ctx.clinicId, {
      smsEnabled: true,
      smsProvider: provider,
      smsSecretName: names.authToken,
      smsFromNumber: fromNumber,
    });
  });
  await audit(deps, ctx, 'settings_sms_saved', { provider });
  return getSettings(deps, ctx);
}

/** Professional, enterprise and premium only; the server refuses other tiers (403). */
export async function saveAiReviewResponse(
  deps: Deps,
  ctx: Caller & { clinic: { subscriptionTier: string } },
  body: Required<SaveAiReviewResponseBody>,
) {
  if (!canUseAiReviewResponse(ctx.clinic.subscriptionTier)) throw planRequired();
  await upsertAutomationConfig(deps.db, ctx.clinicId, {
    aiReviewResponseEnabled: body.enabled,
    aiReviewResponseThreshold: body.threshold,
    aiReviewResponseDelayHours: body.delayHours,
  });
  await audit(deps, ctx, 'settings_ai_review_response_saved', { ...body });
  return getSettings(deps, ctx);
}
