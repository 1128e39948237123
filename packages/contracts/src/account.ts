import { appLanguageSchema, appLanguages } from '@careloop/domain/clinic-locale';
import { z } from 'zod';

/** The signed-in user's own preferences (the account page). */
export const accountPreferencesSchema = z.object({
  /** The Daily Digest e-mail (owners and admins receive it while this is on). */
  dailyDigest: z.boolean(),
  /** Whether the user's role receives the digest at all. */
  receivesDigest: z.boolean(),
  /** The language of the user's e-mails: their own choice, else the clinic's. */
  language: z.enum(appLanguages),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

/** A field left out keeps its value. */
export const updateAccountPreferencesSchema = z.object({
  dailyDigest: z.boolean().optional(),
  language: appLanguageSchema.optional(),
});
export type UpdateAccountPreferences = z.infer<typeof updateAccountPreferencesSchema>;

/** The digest's unsubscribe link: the token from the mail (query or JSON body). */
export const digestUnsubscribeSchema = z.object({ token: z.string().min(1).max(200) });
export const digestUnsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
