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

export const dashboardSummarySchema = z.object({
  patients: z.object({ total: z.number().int(), active: z.number().int() }),
  reviews: z.object({ total: z.number().int(), averageRating: z.number().nullable() }),
  /** Open = not resolved or closed; high priority = severity high among them. */
  cases: z.object({ open: z.number().int(), highPriority: z.number().int() }),
  alerts: z.object({ active: z.number().int(), highRisk: z.number().int() }),
  system: z.object({ reviewSourceConfigured: z.boolean() }),
  /** The last 12 weeks, oldest first, the current week last; weeks without data are zeros. */
  weekly: z.object({ reviews: z.array(weeklyReviewsSchema), cases: z.array(weeklyCasesSchema) }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
