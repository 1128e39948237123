import { z } from 'zod';
import type { DomainMessage } from '../domain-message';
import { isGoogleReviewLink, isTrustpilotReviewLink } from './review-links';

/** Channels a survey can go out on: the clinic's SMS or WhatsApp set-up, or e-mail to the patient. */
export const surveyChannels = ['sms', 'whatsapp', 'email'] as const;
export type SurveyChannel = (typeof surveyChannels)[number];

export const surveyDelayDays = { min: 1, max: 60, default: 3 } as const;

export const surveySettingsMessages = {
  saved: { key: 'surveys.settings.saved', message: 'Survey settings saved' },
  dayRange: {
    key: 'surveys.settings.errors.dayRange',
    message: `The survey day must be between ${surveyDelayDays.min} and ${surveyDelayDays.max} days after the procedure`,
  },
  channel: { key: 'surveys.settings.errors.channel', message: 'Channel must be sms, whatsapp or email' },
  googleLink: {
    key: 'surveys.settings.errors.googleLink',
    message: 'Enter a Google "write a review" link starting with https://',
  },
  trustpilotLink: {
    key: 'surveys.settings.errors.trustpilotLink',
    message: 'Enter a Trustpilot evaluate link starting with https://',
  },
} as const satisfies Record<string, DomainMessage>;

const reviewLink = (isValid: (value: string) => boolean, message: string) =>
  z
    .string(message)
    .trim()
    .max(500, message)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isValid(value), message);

/** Survey settings as saved; `parse({})` gives a clinic that never saved any (surveys off). */
export const surveySettingsSchema = z.strictObject({
  enabled: z.boolean().default(false),
  dayAfterProcedure: z
    .number(surveySettingsMessages.dayRange.message)
    .int(surveySettingsMessages.dayRange.message)
    .min(surveyDelayDays.min, surveySettingsMessages.dayRange.message)
    .max(surveyDelayDays.max, surveySettingsMessages.dayRange.message)
    .default(surveyDelayDays.default),
  channel: z.enum(surveyChannels, surveySettingsMessages.channel.message).default('sms'),
  googleReviewUrl: reviewLink(isGoogleReviewLink, surveySettingsMessages.googleLink.message),
  trustpilotReviewUrl: reviewLink(isTrustpilotReviewLink, surveySettingsMessages.trustpilotLink.message),
});

export type SurveySettingsInput = z.input<typeof surveySettingsSchema>;
export type SurveySettings = z.output<typeof surveySettingsSchema>;

export const defaultSurveySettings: SurveySettings = surveySettingsSchema.parse({});
