import { z } from 'zod';

export const dashboardWeeks = 12;

export const weeklyReviewsSchema = z.object({
  /** Monday of the week (clinic time zone), YYYY-MM-DD. */
  weekStart: z.string(),
  count: z.number().int(),
  averageRating: z.number().nullable(),
});
export type WeeklyReviews = z.infer<typeof weeklyReviewsSchema>;

export const weeklyCasesSchema = z.object({
  weekStart: z.string(),
  opened: z.number().int(),
  resolved: z.number().int(),
});
export type WeeklyCases = z.infer<typeof weeklyCasesSchema>;

/** Why the latest sync of a review source failed (the provider's answer, or our own fault). */
export const reviewSyncErrorCodes = [
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_NOT_FOUND',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_BAD_RESPONSE',
  'INTERNAL_ERROR',
] as const;
export type ReviewSyncErrorCode = (typeof reviewSyncErrorCodes)[number];

export const reviewMonitoringStates = ['active', 'failing', 'pending', 'notConfigured'] as const;
export type ReviewMonitoringState = (typeof reviewMonitoringStates)[number];

/**
 * Review Monitoring as it is: `active` only when the latest sync of every connected source
 * succeeded; `failing` names the source, why and since when; `pending` is connected but never synced.
 */
export const reviewMonitoringSchema = z.object({
  state: z.enum(reviewMonitoringStates),
  lastSuccessAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  failingProvider: z.enum(['trustpilot', 'google']).nullable(),
  errorCode: z.enum(reviewSyncErrorCodes).nullable(),
});
export type ReviewMonitoring = z.infer<typeof reviewMonitoringSchema>;

export const dailyDigestStates = ['scheduled', 'off'] as const;
export type DailyDigestState = (typeof dailyDigestStates)[number];

/**
 * The Daily Digest as it is: `scheduled` while at least one owner or admin with a confirmed address
 * has it on (sent at 08:00 in the clinic's time zone), `off` when nobody would receive it.
 */
export const dailyDigestStatusSchema = z.object({
  state: z.enum(dailyDigestStates),
  /** Local time of day it is sent, HH:MM, in `timeZone`. */
  sendTime: z.string(),
  timeZone: z.string(),
  /** The next send (ISO instant). */
  nextAt: z.string(),
  recipients: z.number().int(),
  /** The latest digest mailed to anyone of the clinic (ISO instant), null before the first. */
  lastSentAt: z.string().nullable(),
});
export type DailyDigestStatus = z.infer<typeof dailyDigestStatusSchema>;

export const dashboardSummarySchema = z.object({
  patients: z.object({ total: z.number().int(), active: z.number().int() }),
  reviews: z.object({ total: z.number().int(), averageRating: z.number().nullable() }),
  /** Open = not resolved or closed; high priority = severity high among them. */
  cases: z.object({ open: z.number().int(), highPriority: z.number().int() }),
  alerts: z.object({ active: z.number().int(), highRisk: z.number().int() }),
  system: z.object({
    reviewSourceConfigured: z.boolean(),
    reviewMonitoring: reviewMonitoringSchema,
    dailyDigest: dailyDigestStatusSchema,
  }),
  /** The last 12 weeks, oldest first, the current week last; weeks without data are zeros. */
  weekly: z.object({ reviews: z.array(weeklyReviewsSchema), cases: z.array(weeklyCasesSchema) }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
