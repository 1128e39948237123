import { z } from 'zod';
import { messageChannels } from '../cost-calculator';
import type { DomainMessage } from '../domain-message';

// clinic_automation_configs (spec 2 §3, §5, §9): one row per clinic, created with these defaults.

export const smsProviders = ['twilio', 'aws_sns', 'vonage'] as const;
export type SmsProvider = (typeof smsProviders)[number];

/** The days after the procedure that a follow-up may be switched on for. */
export const followUpScheduleDays = [1, 3, 7, 14, 30] as const;
export type FollowUpScheduleDay = (typeof followUpScheduleDays)[number];

/** The stored map of schedule day to switch; JSON keys are strings ('1', '3', ...). */
export type FollowUpSchedule = Record<`${FollowUpScheduleDay}`, boolean>;

export const defaultFollowUpSchedule: Readonly<FollowUpSchedule> = {
  '1': true,
  '3': true,
  '7': true,
  '14': true,
  '30': false,
};

export const crossSellDelayDays = { min: 1, max: 365, default: 30 } as const;

/**
 * Messages go out only between these local times in the clinic's time zone (from inclusive,
 * until exclusive); the rest of the day is quiet. The spec names no quiet hours: 09:00-20:00 is
 * the issue's default.
 */
export const defaultQuietHours = { sendFrom: '09:00', sendUntil: '20:00' } as const;
export type QuietHours = { sendFrom: string; sendUntil: string };

export const automationConfigMessages = {
  saved: {
    key: 'automation.settings.saved',
    message: 'Success - Automation settings saved successfully',
  },
  saveFailed: { key: 'automation.settings.saveFailed', message: 'Failed to save automation settings' },
  loadFailed: {
    key: 'automation.settings.loadFailed',
    message: 'Error - Failed to load automation settings',
  },
  crossSellDelayRange: {
    key: 'automation.settings.errors.crossSellDelayRange',
    message: `Cross-sell delay must be between ${crossSellDelayDays.min} and ${crossSellDelayDays.max} days`,
  },
  scheduleDay: {
    key: 'automation.settings.errors.scheduleDay',
    message: `Follow-ups can be scheduled on days ${followUpScheduleDays.join(', ')} only`,
  },
  smsProvider: {
    key: 'automation.settings.errors.smsProvider',
    message: 'SMS provider must be twilio, aws_sns or vonage',
  },
  channel: { key: 'automation.settings.errors.channel', message: 'Channel must be sms or whatsapp' },
  defaultChannelOff: {
    key: 'automation.settings.errors.defaultChannelOff',
    message: 'The default channel must be switched on',
  },
  timeFormat: {
    key: 'automation.settings.errors.timeFormat',
    message: 'Enter a time as HH:MM (00:00-23:59)',
  },
  quietHoursOrder: {
    key: 'automation.settings.errors.quietHoursOrder',
    message: 'The sending window must start before it ends',
  },
} as const satisfies Record<string, DomainMessage>;

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after local midnight of an 'HH:MM' time. */
export function minutesOfDay(time: string): number {
  const match = timeOfDayPattern.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const isWellFormed = (hours: QuietHours) =>
  timeOfDayPattern.test(hours.sendFrom) && timeOfDayPattern.test(hours.sendUntil);

const timeOfDaySchema = z.string().regex(timeOfDayPattern, automationConfigMessages.timeFormat.message);

const optionalName = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

const followUpScheduleSchema = z.strictObject(
  {
    '1': z.boolean().default(defaultFollowUpSchedule['1']),
    '3': z.boolean().default(defaultFollowUpSchedule['3']),
    '7': z.boolean().default(defaultFollowUpSchedule['7']),
    '14': z.boolean().default(defaultFollowUpSchedule['14']),
    '30': z.boolean().default(defaultFollowUpSchedule['30']),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? automationConfigMessages.scheduleDay.message : undefined,
  },
);

const channelSchema = z.enum(messageChannels, automationConfigMessages.channel.message);

/**
 * The automation settings as saved. Every field has the spec's default, so `parse({})` gives the
 * configuration of a clinic that never saved one (the spec's PGRST116 "none yet" case).
 */
export const automationConfigSchema = z
  .object({
    whatsappEnabled: z.boolean().default(false),
    whatsappSecretName: optionalName,
    whatsappPhoneNumberId: optionalName,
    smsEnabled: z.boolean().default(true),
    smsSecretName: optionalName,
    smsProvider: z.enum(smsProviders, automationConfigMessages.smsProvider.message).default('twilio'),
    smsFromNumber: optionalName,
    defaultChannel: channelSchema.default('sms'),
    followupSchedule: followUpScheduleSchema.default({ ...defaultFollowUpSchedule }),
    crosssellEnabled: z.boolean().default(true),
    crosssellDelayDays: z
      .number(automationConfigMessages.crossSellDelayRange.message)
      .int(automationConfigMessages.crossSellDelayRange.message)
      .min(crossSellDelayDays.min, automationConfigMessages.crossSellDelayRange.message)
      .max(crossSellDelayDays.max, automationConfigMessages.crossSellDelayRange.message)
      .default(crossSellDelayDays.default),
    quietHours: z
      .object({ sendFrom: timeOfDaySchema, sendUntil: timeOfDaySchema })
      .refine(
        (hours) => !isWellFormed(hours) || minutesOfDay(hours.sendFrom) < minutesOfDay(hours.sendUntil),
        {
          message: automationConfigMessages.quietHoursOrder.message,
          path: ['sendUntil'],
        },
      )
      .default({ ...defaultQuietHours }),
  })
  .superRefine((config, ctx) => {
    // With both channels off the automation is paused, which is allowed; with one on, the
    // default must be a channel that can send.
    const isOn = { sms: config.smsEnabled, whatsapp: config.whatsappEnabled };
    if ((config.smsEnabled || config.whatsappEnabled) && !isOn[config.defaultChannel]) {
      ctx.addIssue({
        code: 'custom',
        message: automationConfigMessages.defaultChannelOff.message,
        path: ['defaultChannel'],
      });
    }
  });

export type AutomationConfigInput = z.input<typeof automationConfigSchema>;
export type AutomationConfig = z.output<typeof automationConfigSchema>;

export const defaultAutomationConfig: AutomationConfig = automationConfigSchema.parse({});

/** The schedule days switched on, ascending. */
export function enabledFollowUpDays(schedule: FollowUpSchedule): FollowUpScheduleDay[] {
  return followUpScheduleDays.filter((day) => schedule[`${day}`]);
}
