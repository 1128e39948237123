import { messageChannels } from '@careloop/domain/cost-calculator';
import {
  automationConfigMessages,
  crossSellDelayDays,
  type FollowUpScheduleDay,
  followUpScheduleDays,
  smsProviders,
} from '@careloop/domain/messaging/automation-config';
import { z } from 'zod';

const m = automationConfigMessages;
const name = z.string().trim().max(200).nullable().optional();
const switchOf = z.boolean().optional();

/**
 * PUT /api/automation/settings: the Automation Settings form (spec 2 §2, §3). A field left out
 * keeps its stored value (so a form that shows part of the settings, or Settings' channel fields
 * written elsewhere, are never reset); the result must satisfy the domain's rules: schedule days
 * 1, 3, 7, 14, 30 only, cross-sell delay 1-365, the default channel switched on, the sending
 * window 'HH:MM' with its start before its end.
 */
export const saveAutomationSettingsBodySchema = z.object({
  whatsappEnabled: switchOf,
  whatsappSecretName: name,
  whatsappPhoneNumberId: name,
  smsEnabled: switchOf,
  smsSecretName: name,
  smsProvider: z.enum(smsProviders, m.smsProvider.message).optional(),
  smsFromNumber: name,
  defaultChannel: z.enum(messageChannels, m.channel.message).optional(),
  followupSchedule: z
    .strictObject(
      Object.fromEntries(followUpScheduleDays.map((day) => [`${day}`, switchOf])) as Record<
        `${FollowUpScheduleDay}`,
        typeof switchOf
      >,
      {
        error: (issue) => (issue.code === 'unrecognized_keys' ? m.scheduleDay.message : undefined),
      },
    )
    .optional(),
  crosssellEnabled: switchOf,
  crosssellDelayDays: z
    .number(m.crossSellDelayRange.message)
    .int(m.crossSellDelayRange.message)
    .min(crossSellDelayDays.min, m.crossSellDelayRange.message)
    .max(crossSellDelayDays.max, m.crossSellDelayRange.message)
    .optional(),
  quietHours: z.object({ sendFrom: z.string().optional(), sendUntil: z.string().optional() }).optional(),
});
export type SaveAutomationSettingsBody = z.infer<typeof saveAutomationSettingsBodySchema>;

/** The clinic's automation configuration as stored (the spec's defaults when none was saved). */
export const automationSettingsSchema = z.object({
  whatsappEnabled: z.boolean(),
  whatsappSecretName: z.string().nullable(),
  whatsappPhoneNumberId: z.string().nullable(),
  smsEnabled: z.boolean(),
  smsSecretName: z.string().nullable(),
  smsProvider: z.enum(smsProviders),
  smsFromNumber: z.string().nullable(),
  defaultChannel: z.enum(messageChannels),
  followupSchedule: z.object({
    '1': z.boolean(),
    '3': z.boolean(),
    '7': z.boolean(),
    '14': z.boolean(),
    '30': z.boolean(),
  }),
  crosssellEnabled: z.boolean(),
  crosssellDelayDays: z.number().int(),
  /** Messages go out between these clinic-local times ('HH:MM'); the rest of the day is quiet. */
  quietHours: z.object({ sendFrom: z.string(), sendUntil: z.string() }),
  /** The clinic's time zone (IANA name) that the schedule and the sending window are read in. */
  timeZone: z.string(),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

export const saveAutomationSettingsResponseSchema = z.object({
  /** 'Success - Automation settings saved successfully' (spec 2 §8). */
  message: z.string(),
  settings: automationSettingsSchema,
});
export type SaveAutomationSettingsResponse = z.infer<typeof saveAutomationSettingsResponseSchema>;
