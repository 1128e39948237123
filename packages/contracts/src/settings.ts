import { appLanguageSchema, countrySchema, timeZoneSchema } from '@careloop/domain/clinic-locale';
import { brandTones, clinicCategories } from '@careloop/domain/clinic-profile';
import { connectionStates } from '@careloop/domain/connection-status';
import { idleSignOutMinutes } from '@careloop/domain/idle-sign-out';
import {
  isWhatsAppLanguageCode,
  isWhatsAppTemplateName,
  whatsAppTemplateMessages,
} from '@careloop/domain/messaging/whatsapp-template';
import { planTiers } from '@careloop/domain/plans';
import { providerErrorCodes } from '@careloop/domain/provider-errors';
import { z } from 'zod';
import { nameText } from './name-text';

export const smsProviders = ['twilio', 'aws_sns', 'vonage'] as const;
export type SmsProvider = (typeof smsProviders)[number];
export const aiReplyThresholds = [1, 2, 3] as const;
export const aiReplyDelayHours = [1, 2, 4, 8, 24] as const;

export const clinicCategorySchema = z.enum(clinicCategories);
export const brandToneSchema = z.enum(brandTones);

/** Automatic logoff: a session unused this many minutes ends (packages/domain idle-sign-out.ts). */
export const clinicSecuritySchema = z.object({
  idleTimeoutMinutes: z.number().int().min(idleSignOutMinutes.min).max(idleSignOutMinutes.max),
});
export const updateClinicSecurityBodySchema = clinicSecuritySchema;
export type UpdateClinicSecurityBody = z.infer<typeof updateClinicSecurityBodySchema>;

/** A credential's badge: the last real result with its time and error (domain `connectionStatusOf`). */
export const connectionStatusSchema = z.object({
  state: z.enum(connectionStates),
  checkedAt: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ConnectionStatusView = z.infer<typeof connectionStatusSchema>;

/** Clinic Settings as the API shows them: which secrets are saved, never their values. */
export const clinicSettingsSchema = z.object({
  clinic: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    category: clinicCategorySchema.nullable(),
    brandTone: brandToneSchema,
    subscriptionTier: z.string(),
    planTier: z.enum(planTiers),
    sandboxMode: z.boolean(),
    /** Messages to patients without a language of their own are written in this one. */
    defaultLanguage: appLanguageSchema,
    /** IANA zone: sending windows, quiet hours and "day N" are counted in it. */
    timeZone: z.string(),
    /** ISO 3166-1 alpha-2: the default region of phone numbers written without a country code. */
    country: z.string().nullable(),
  }),
  security: clinicSecuritySchema,
  trustpilot: z.object({ configured: z.boolean(), connection: connectionStatusSchema }),
  whatsapp: z.object({
    enabled: z.boolean(),
    phoneNumberId: z.string().nullable(),
    hasAccessToken: z.boolean(),
    hasAppSecret: z.boolean(),
    templateName: z.string(),
    /** Null: each patient's language. */
    templateLanguage: z.string().nullable(),
    connection: connectionStatusSchema,
  }),
  sms: z.object({
    enabled: z.boolean(),
    provider: z.enum(smsProviders),
    fromNumber: z.string().nullable(),
    hasAccountSid: z.boolean(),
    hasAuthToken: z.boolean(),
    connection: connectionStatusSchema,
  }),
  aiReviewResponse: z.object({
    /** The clinic's tier has the feature (professional, enterprise, premium). */
    available: z.boolean(),
    enabled: z.boolean(),
    threshold: z.number().int(),
    delayHours: z.number().int(),
  }),
  templateLimit: z.number().int(),
});
export type ClinicSettings = z.infer<typeof clinicSettingsSchema>;

export const updateCategoryBodySchema = z.object({ category: clinicCategorySchema });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

/** Language, time zone and country; each left out is kept as saved. */
export const clinicLocaleBodySchema = z.object({
  defaultLanguage: appLanguageSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  country: countrySchema.nullish(),
});

export const updateClinicProfileBodySchema = clinicLocaleBodySchema.extend({
  name: nameText(200).trim().min(1),
  email: z.string().trim().max(320),
  phone: z.string().trim().max(40),
  category: clinicCategorySchema,
  brandTone: brandToneSchema,
});
export type UpdateClinicProfileBody = z.infer<typeof updateClinicProfileBodySchema>;

export const saveTrustpilotBodySchema = z.object({
  apiKey: z.string().trim().min(1).max(500),
  businessUnitId: z.string().trim().min(1).max(200),
});
export type SaveTrustpilotBody = z.infer<typeof saveTrustpilotBodySchema>;

/** A blank secret field keeps the secret already saved (the form never shows saved values). */
export const saveWhatsAppBodySchema = z.object({
  accessToken: z.string().max(4096).optional(),
  phoneNumberId: z.string().trim().min(1).max(100),
  appSecret: z.string().max(500).optional(),
  /** The approved template outside the 24-hour window; left out: kept as saved. */
  templateName: z
    .string()
    .trim()
    .max(512)
    .refine(isWhatsAppTemplateName, whatsAppTemplateMessages.name.message)
    .optional(),
  /** Its registered language code; null or '': the patient's language. Left out: kept as saved. */
  templateLanguage: z
    .string()
    .trim()
    .max(10)
    .refine(
      (value) => value === '' || isWhatsAppLanguageCode(value),
      whatsAppTemplateMessages.language.message,
    )
    .nullish(),
});
export type SaveWhatsAppBody = z.infer<typeof saveWhatsAppBodySchema>;

export const saveSmsBodySchema = z.object({
  provider: z.enum(smsProviders).default('twilio'),
  accountSid: z.string().max(200).optional(),
  authToken: z.string().max(500).optional(),
  fromNumber: z.string().trim().min(1).max(40),
});
export type SaveSmsBody = z.input<typeof saveSmsBodySchema>;

export const saveAiReviewResponseBodySchema = z.object({
  enabled: z.boolean(),
  threshold: z.union(aiReplyThresholds.map((n) => z.literal(n))).default(3),
  delayHours: z.union(aiReplyDelayHours.map((n) => z.literal(n))).default(2),
});
export type SaveAiReviewResponseBody = z.input<typeof saveAiReviewResponseBodySchema>;

export const connectionTestResponseSchema = z.object({
  success: z.boolean(),
  /** Why it failed, stable across languages (null on success); the provider's own words stay in the log. */
  code: z.enum(providerErrorCodes).nullable(),
  /** 'Connection successful', or why it failed, in the caller's language. */
  message: z.string(),
});
export type ConnectionTestResponse = z.infer<typeof connectionTestResponseSchema>;

/** Test connection with what the form holds now; blank fields fall back to what is saved. */
export const testWhatsAppBodySchema = z.object({
  accessToken: z.string().max(4096).optional(),
  phoneNumberId: z.string().max(100).optional(),
});
export type TestWhatsAppBody = z.infer<typeof testWhatsAppBodySchema>;

export const testSmsBodySchema = z.object({
  accountSid: z.string().max(200).optional(),
  authToken: z.string().max(500).optional(),
});
export type TestSmsBody = z.infer<typeof testSmsBodySchema>;
