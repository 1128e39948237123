import { riskLevels, riskReasonCodes } from '@careloop/domain/analytics/risk-levels';
import { messageChannels } from '@careloop/domain/cost-calculator';
import { z } from 'zod';

// The recovery analytics page (GET /api/analytics/summary), the public API's KPIs
// (GET /api/v1/analytics) and the patients-at-risk shapes the patients list and the dashboard use.

/** The longest range one request may ask for (a year and a leap day). */
export const analyticsMaxRangeDays = 366;

/** Ranges up to this many days are charted per day; longer ones per week (Monday starts). */
export const analyticsDailySeriesMaxDays = 31;

/** The first day a range may start on: earlier years hold no clinic's data (and the years 0-99 broke the driver). */
export const analyticsEarliestDate = '2000-01-01';

/** A 'YYYY-MM-DD' day from `analyticsEarliestDate` on. */
export const analyticsCalendarDate = z.iso
  .date()
  .refine((day) => day >= analyticsEarliestDate, `Dates start on ${analyticsEarliestDate}`);

function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * A period of whole days in the clinic's time zone, both ends included. The comparison period is the
 * one of the same length that ends the day before `from`.
 */
export const analyticsRangeQuerySchema = z
  .object({ from: analyticsCalendarDate, to: analyticsCalendarDate })
  .refine((range) => range.from <= range.to, {
    path: ['to'],
    message: 'The end date is before the start date',
  })
  .refine((range) => rangeDays(range.from, range.to) <= analyticsMaxRangeDays, {
    path: ['to'],
    message: `The range is longer than ${analyticsMaxRangeDays} days`,
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

/** A share: `rate` is numerator / denominator in 0..1, null when the denominator is 0 (no data). */
export const analyticsRateSchema = z.object({
  numerator: z.number().int(),
  denominator: z.number().int(),
  rate: z.number().nullable(),
});
export type AnalyticsRate = z.infer<typeof analyticsRateSchema>;

/** Net Promoter Score of the survey answers given in the period: -100..100, null without answers. */
export const npsSummarySchema = z.object({
  score: z.number().nullable(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  responses: z.number().int(),
});
export type NpsSummary = z.infer<typeof npsSummarySchema>;

/** The first KPI row: every plan sees it. */
export const analyticsHeadlineSchema = z.object({
  nps: npsSummarySchema,
  /** Survey requests sent in the period that were answered (at any time up to now). */
  surveyResponseRate: analyticsRateSchema,
});
export type AnalyticsHeadline = z.infer<typeof analyticsHeadlineSchema>;

export const reviewPlatforms = ['google', 'trustpilot'] as const;

export const platformReviewsSchema = z.object({
  platform: z.enum(reviewPlatforms),
  /** Reviews written in the period. */
  count: z.number().int(),
  /** Their average rating (1-5), null without reviews. */
  averageRating: z.number().nullable(),
});
export type PlatformReviews = z.infer<typeof platformReviewsSchema>;

export const caseCountsBySeveritySchema = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
});

export const channelFollowUpsSchema = z.object({
  channel: z.enum(messageChannels),
  /** Follow-ups sent in the period (handed to the provider). */
  sent: z.number().int(),
  /** Of those sent, the ones delivered (or read) / failed. */
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Of those sent, the ones the patient replied to. */
  replied: z.number().int(),
  deliveryRate: analyticsRateSchema,
  replyRate: analyticsRateSchema,
  /** Patients who opted out of this channel in the period. */
  optOuts: z.number().int(),
});
export type ChannelFollowUps = z.infer<typeof channelFollowUpsSchema>;

/** Every KPI past the first row: plans with advanced analytics only. */
export const analyticsAdvancedKpisSchema = z.object({
  reviews: z.object({
    /** Every platform together, then each platform (every platform listed, even with 0). */
    total: z.object({ count: z.number().int(), averageRating: z.number().nullable() }),
    perPlatform: z.array(platformReviewsSchema),
    /** Of the 1-3 star reviews written in the period, those the clinic replied to publicly. */
    lowRatingAnsweredRate: analyticsRateSchema,
    /** Median hours from a review being written to the clinic's public reply; null: none replied. */
    medianHoursToFirstReply: z.number().nullable(),
    /**
     * Median hours from a 1-3 star review being written to the first message sent to its matched
     * patient after it; null: none contacted.
     */
    medianHoursToFirstContact: z.number().nullable(),
  }),
  cases: z.object({
    /** Cases resolved in the period: median hours from opened to resolved; null: none resolved. */
    medianHoursToResolve: z.number().nullable(),
    /** Of the cases resolved in the period that had a due time, those resolved by it. */
    slaMetRate: analyticsRateSchema,
    /** Cases not finished at the period's end, by severity. */
    openBySeverity: caseCountsBySeveritySchema,
    opened: z.number().int(),
    resolved: z.number().int(),
  }),
  /**
   * Of the patients who gave a 1-3 star review, a detractor score or a negative reply in the period
   * (denominator), those whose case was resolved and who afterwards (up to now) gave a score >= 9,
   * a 4-5 star review or a positive reply (numerator).
   */
  recoveryRate: analyticsRateSchema,
  followUps: z.object({
    sent: z.number().int(),
    deliveryRate: analyticsRateSchema,
    replyRate: analyticsRateSchema,
    /** Opt-outs of any channel in the period. */
    optOuts: z.number().int(),
  }),
});
export type AnalyticsAdvancedKpis = z.infer<typeof analyticsAdvancedKpisSchema>;

export const procedureBreakdownSchema = z.object({
  /** The patients' procedure; null: not recorded. */
  procedure: z.string().nullable(),
  followUpsSent: z.number().int(),
  nps: npsSummarySchema,
  /** 1-3 star reviews by this procedure's patients. */
  lowRatingReviews: z.number().int(),
  casesOpened: z.number().int(),
  recoveryRate: analyticsRateSchema,
});
export type ProcedureBreakdown = z.infer<typeof procedureBreakdownSchema>;

export const staffBreakdownSchema = z.object({
  /** The case owner; null: cases nobody owns. */
  userId: z.string().nullable(),
  name: z.string().nullable(),
  casesOpened: z.number().int(),
  casesResolved: z.number().int(),
  medianHoursToResolve: z.number().nullable(),
  slaMetRate: analyticsRateSchema,
});
export type StaffBreakdown = z.infer<typeof staffBreakdownSchema>;

export const analyticsBreakdownsSchema = z.object({
  perProcedure: z.array(procedureBreakdownSchema),
  /** Owners and admins only: null for staff. */
  perStaff: z.array(staffBreakdownSchema).nullable(),
  /** Every channel listed, even with 0. */
  perChannel: z.array(channelFollowUpsSchema),
});
export type AnalyticsBreakdowns = z.infer<typeof analyticsBreakdownsSchema>;

export const analyticsGranularities = ['day', 'week'] as const;

/** One day or week of the trend charts; `start` is its first day (clinic time zone, YYYY-MM-DD). */
export const analyticsSeriesPointSchema = z.object({
  start: z.string(),
  npsScore: z.number().nullable(),
  surveyResponses: z.number().int(),
  reviews: z.number().int(),
  averageRating: z.number().nullable(),
  casesOpened: z.number().int(),
  casesResolved: z.number().int(),
  followUpsSent: z.number().int(),
  followUpsDelivered: z.number().int(),
  replies: z.number().int(),
});
export type AnalyticsSeriesPoint = z.infer<typeof analyticsSeriesPointSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string() });

export const analyticsSummaryResponseSchema = z.object({
  /** The period asked for and the comparison period before it (YYYY-MM-DD, both ends included). */
  period: periodSchema,
  previousPeriod: periodSchema,
  /** The clinic's IANA time zone the days are counted in. */
  timeZone: z.string(),
  /** False on plans without advanced analytics: `advanced`, `breakdowns` and `series` are null. */
  hasAdvancedAnalytics: z.boolean(),
  headline: z.object({ current: analyticsHeadlineSchema, previous: analyticsHeadlineSchema }),
  advanced: z
    .object({ current: analyticsAdvancedKpisSchema, previous: analyticsAdvancedKpisSchema })
    .nullable(),
  /** The period asked for only. */
  breakdowns: analyticsBreakdownsSchema.nullable(),
  series: z
    .object({ granularity: z.enum(analyticsGranularities), points: z.array(analyticsSeriesPointSchema) })
    .nullable(),
});
export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponseSchema>;

// Patients at risk.

export const riskLevelSchema = z.enum(riskLevels);
export const riskReasonSchema = z.enum(riskReasonCodes);

/** A patient's risk as stored on the patient (recomputed when an event changes it). */
export const patientRiskSchema = z.object({
  level: riskLevelSchema,
  /** The signals behind the level, strongest first; empty for a patient with none. */
  reasons: z.array(riskReasonSchema),
});
export type PatientRisk = z.infer<typeof patientRiskSchema>;

/** The patients list's `risk` filter: one level, or `at_risk` (medium and high together). */
export const patientRiskFilters = [...riskLevels, 'at_risk'] as const;
export const patientRiskFilterSchema = z.enum(patientRiskFilters);
export type PatientRiskFilter = z.infer<typeof patientRiskFilterSchema>;

/** The patients list's order: newest first (the default), or highest risk first (then newest). */
export const patientListSorts = ['recent', 'risk'] as const;
export const patientListSortSchema = z.enum(patientListSorts);
export type PatientListSort = z.infer<typeof patientListSortSchema>;

/** GET /api/analytics/patients-at-risk: the dashboard card (links to the list with risk=at_risk). */
export const patientsAtRiskResponseSchema = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  /** high + medium. */
  total: z.number().int(),
});
export type PatientsAtRiskResponse = z.infer<typeof patientsAtRiskResponseSchema>;
