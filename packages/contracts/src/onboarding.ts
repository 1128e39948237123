import { appLanguageSchema } from '@careloop/domain/clinic-locale';
import { z } from 'zod';
import { nameText } from './name-text';
import { brandToneSchema } from './settings';
import { messageTemplateSchema, templateDraftSchema } from './templates';

const stepStateSchema = z.object({
  completed: z.boolean(),
  /** Who completed it: the part of their e-mail before the @. */
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
});

export const onboardingStateSchema = z.object({
  stepCompleted: z.number().int(),
  wizardCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  steps: z.object({
    clinicProfile: stepStateSchema,
    whatsappSetup: stepStateSchema,
    smsSetup: stepStateSchema,
    messageTemplates: stepStateSchema,
  }),
  profile: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    category: z.string(),
    brandTone: brandToneSchema,
    defaultLanguage: appLanguageSchema,
    timeZone: z.string(),
    country: z.string().nullable(),
  }),
  /** Channels whose credentials are saved. */
  channels: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
  whatsappPhoneNumberId: z.string().nullable(),
  smsFromNumber: z.string().nullable(),
  templates: z.array(messageTemplateSchema),
  templateLimit: z.number().int(),
  /** The 'Maximize Your Reach' card was dismissed with 'Maybe later'. */
  reachDismissed: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const onboardingStepParamsSchema = z.object({ step: z.coerce.number().int().min(1).max(4) });

export const clinicProfileStepBodySchema = z.object({
  name: nameText(200),
  email: z.string().max(320),
  phone: z.string().max(40),
  category: z.string().max(40),
  brandTone: brandToneSchema.default('professional'),
  /** Left out: kept as saved (checked by Clinic Settings' rules). */
  defaultLanguage: z.string().max(10).optional(),
  timeZone: z.string().max(64).optional(),
  country: z.string().max(10).nullish(),
});
export const whatsappStepBodySchema = z.object({
  accessToken: z.string().max(4096).default(''),
  phoneNumberId: z.string().max(100).default(''),
});
export const smsStepBodySchema = z.object({
  accountSid: z.string().max(200).default(''),
  authToken: z.string().max(500).default(''),
  fromNumber: z.string().max(40).default(''),
});
export const templatesStepBodySchema = z.object({ templates: z.array(templateDraftSchema).max(200) });

/** The body for step N; the server picks the schema by the step in the path. */
export const onboardingStepBodySchemas = {
  1: clinicProfileStepBodySchema,
  2: whatsappStepBodySchema,
  3: smsStepBodySchema,
  4: templatesStepBodySchema,
} as const;
export type ClinicProfileStepBody = z.input<typeof clinicProfileStepBodySchema>;
export type WhatsAppStepBody = z.input<typeof whatsappStepBodySchema>;
export type SmsStepBody = z.input<typeof smsStepBodySchema>;
export type TemplatesStepBody = z.input<typeof templatesStepBodySchema>;
