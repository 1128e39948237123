import { appLanguages } from '@careloop/domain/clinic-locale';
import { z } from 'zod';

export const clinicRoleSchema = z.enum(['owner', 'admin', 'staff']);

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    /** The language the app is shown in and the user's e-mails are written in: their own, else the clinic's. */
    language: z.enum(appLanguages),
  }),
  clinic: z.object({
    id: z.string(),
    name: z.string(),
    subscriptionTier: z.string(),
    category: z.string().nullable(),
    sandboxMode: z.boolean(),
    /** Automatic sign-out: the app closes itself after this long without activity. */
    idleTimeoutMinutes: z.number().int(),
    /** IANA zone: the clinic's calendar (a patient's procedure date is a date there); times are shown in it. */
    timeZone: z.string(),
  }),
  role: clinicRoleSchema,
  /** Runs the service (OPERATOR_EMAILS): may open the internal admin pages. */
  isOperator: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
