import { appLanguages } from '@careloop/domain/clinic-locale';
import { consentSources, marketingConsentStates } from '@careloop/domain/consent';
import { matchStatuses } from '@careloop/domain/matching/types';
import { skipReasons } from '@careloop/domain/messaging/follow-up-plan';
import { patientStatuses, procedureOptions } from '@careloop/domain/patient';
import { procedureDateMessages } from '@careloop/domain/procedure-date';
import { z } from 'zod';
import { analyticsCalendarDate } from './analytics';
import { nameText } from './name-text';

// The public API's shapes (spec 3 §3 and §7, field names as the /api page documents them:
// snake_case, lists as `{ data, next_cursor }`). Separate from the web app's private API on purpose:
// this one is versioned and changes only by adding. Requests are strict objects: a query parameter
// or body field the API does not know is a 400 PARAMETER_UNKNOWN naming it, never silently ignored.

const isoDateTime = z.iso.datetime({ offset: true });

// A clinic keeps its own procedures beside the seven defaults, so the field is the procedure's key
// (or, when writing, any of its names); the clinic's list decides (400 for one it does not have).
const v1Procedure = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe(
    `One of the clinic's procedures: the defaults (${procedureOptions.join(', ')}) or the clinic's own, by the key it answers with; when writing, any of its names in English, Spanish or Turkish is read as it`,
  );

/** A calendar date in the clinic's time zone; stored as noon of that date there. */
const v1ProcedureDate = z.iso.date({ error: procedureDateMessages.invalid.message });

export const v1MarketingConsentSchema = z.object({
  state: z.enum(marketingConsentStates),
  source: z
    .enum(consentSources)
    .describe('Where CareLoop learned of it: `api` when sent through this API, `staff` from the app'),
  at: z.string().describe('When the decision was made (ISO 8601)'),
});

export const v1PatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  procedure: v1Procedure.nullable(),
  procedure_original: z
    .string()
    .nullable()
    .describe(
      'The procedure as an imported file wrote it, when the clinic\'s list did not know it (procedure is then "Other")',
    ),
  status: z.enum(patientStatuses),
  /** The language messages are written in; null: the clinic's default. */
  language: z.enum(appLanguages).nullable(),
  procedure_date: z.iso
    .date()
    .nullable()
    .describe("The treatment date in the clinic's time zone; follow-ups count their days from it"),
  marketing_consent: v1MarketingConsentSchema
    .nullable()
    .describe('The latest marketing (cross-sell) consent decision; null when none was recorded'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type V1Patient = z.infer<typeof v1PatientSchema>;

/** Routes without query parameters: any parameter is unknown. */
export const v1NoQuerySchema = z.strictObject({});

export const v1PatientListQuerySchema = z.strictObject({
  /** Case-insensitive search in name, e-mail and phone. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
});

export const v1PatientListResponseSchema = z.object({
  data: z.array(v1PatientSchema),
  next_cursor: z.string().nullable(),
});

export const v1MarketingConsentInputSchema = z.strictObject({
  state: z.enum(marketingConsentStates),
  at: isoDateTime
    .optional()
    .describe(
      'When the patient decided (ISO 8601 with offset); default: when the request arrives. Not in the future',
    ),
});

export const v1CreatePatientBodySchema = z.strictObject({
  name: nameText(200),
  email: z.string().max(320).nullish(),
  phone: z.string().max(40).nullish(),
  procedure: v1Procedure.nullish(),
  status: z.enum(patientStatuses).optional(),
  /** null: write in the clinic's default language. */
  language: z.enum(appLanguages).nullish(),
  procedure_date: v1ProcedureDate
    .optional()
    .describe(
      "The treatment date in the clinic's time zone, from 1900-01-01 to one year after today there; left out on create: today. Stored as noon of that date in the clinic's time zone",
    ),
  marketing_consent: v1MarketingConsentInputSchema
    .optional()
    .describe(
      'Marketing (cross-sell) consent, recorded with source `api` when it differs from the decision on record',
    ),
});
export type V1CreatePatientBody = z.infer<typeof v1CreatePatientBodySchema>;

export const v1UpdatePatientBodySchema = v1CreatePatientBodySchema.partial();
export type V1UpdatePatientBody = z.infer<typeof v1UpdatePatientBodySchema>;

export const v1IdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const v1ReviewPlatforms = ['trustpilot', 'google'] as const;

export const v1ReviewSchema = z.object({
  review_id: z.string(),
  platform: z.enum(v1ReviewPlatforms),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  review_date: z.string(),
  match_status: z.enum(matchStatuses),
  patient_id: z.string().nullable(),
});
export type V1Review = z.infer<typeof v1ReviewSchema>;

export const v1ReviewListQuerySchema = z
  .strictObject({
    platform: z.enum(v1ReviewPlatforms).optional(),
    rating: z.coerce.number().int().min(1).max(5).optional(),
    /** Reviews written at or after this instant. */
    since: isoDateTime.optional(),
    /** Reviews written before this instant. */
    until: isoDateTime.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z.string().max(300).optional(),
  })
  .refine(
    (q) => q.since === undefined || q.until === undefined || Date.parse(q.since) <= Date.parse(q.until),
    {
      path: ['until'],
      message: 'until is before since',
    },
  );
export type V1ReviewListQuery = z.infer<typeof v1ReviewListQuerySchema>;

export const v1ReviewListResponseSchema = z.object({
  data: z.array(v1ReviewSchema),
  next_cursor: z.string().nullable(),
});

export const v1FollowUpBodySchema = z.strictObject({ patient_id: z.string().min(1).max(100) });

export const v1MessageChannels = ['sms', 'whatsapp'] as const;
/** The outbox's delivery states of a message. */
export const v1MessageStatuses = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;

export const v1CampaignStatuses = ['scheduled', 'blocked', 'completed'] as const;

/**
 * Why a sequence cannot send: the follow-up planner's reasons, no procedure date to count the days
 * from, every follow-up day switched off, or every one of them past for the procedure date (with
 * nothing left to send).
 */
export const v1CampaignReasons = [
  ...skipReasons,
  'no_procedure_date',
  'no_followup_days',
  'followup_days_past',
] as const;

export const v1CampaignSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  /**
   * scheduled: the patient gets the clinic's follow-up days; blocked: nothing can be sent (see reason);
   * completed: every follow-up day is past and the sequence sent what it had, nothing left to send.
   */
  status: z.enum(v1CampaignStatuses),
  reason: z
    .enum(v1CampaignReasons)
    .nullable()
    .describe(
      'Why it is blocked (null when scheduled or completed): no_channel, no_phone or opted_out (no channel can reach the patient), clinical_case_open (paused while a clinical case of the patient is open), no_procedure_date, no_followup_days (every follow-up day switched off), followup_days_past (every follow-up day of the procedure date is past and nothing is left to send)',
    ),
  channel: z.enum(v1MessageChannels).nullable(),
  /** The follow-up messages of this patient in the outbox (planned ones included), as they stand now. */
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(v1MessageChannels),
      status: z.enum(v1MessageStatuses),
      schedule_day: z.number().int().nullable(),
      scheduled_at: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
});
export type V1Campaign = z.infer<typeof v1CampaignSchema>;

/** A period of whole days in the clinic's time zone; left out: the last 30 days up to today. */
export const v1AnalyticsQuerySchema = z
  .strictObject({
    from: analyticsCalendarDate
      .optional()
      .describe("First day (YYYY-MM-DD, clinic's time zone); give `to` with it"),
    to: analyticsCalendarDate.optional().describe('Last day, included (YYYY-MM-DD); give `from` with it'),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    path: ['to'],
    message: 'Give both from and to, or neither',
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    message: 'The end date is before the start date',
  })
  .refine(
    (q) =>
      q.from === undefined || q.to === undefined || Date.parse(q.to) - Date.parse(q.from) < 366 * 86_400_000,
    { path: ['to'], message: 'The range is longer than 366 days' },
  );
export type V1AnalyticsQuery = z.infer<typeof v1AnalyticsQuerySchema>;

const v1Share = z.number().min(0).max(1).nullable();

export const v1AnalyticsSchema = z.object({
  /** The period the period KPIs below (nps ... case_sla_met_rate) cover. */
  period: z.object({ from: z.string(), to: z.string(), time_zone: z.string() }),
  kpis: z.object({
    nps: z
      .number()
      .int()
      .nullable()
      .describe(
        'Net Promoter Score (-100 to 100) of the survey answers given in the period; null without answers',
      ),
    survey_response_rate: v1Share.describe(
      'Share of the survey requests sent in the period that were answered',
    ),
    median_first_reply_hours: z
      .number()
      .nullable()
      .describe(
        "Median hours from a review written in the period to the clinic's public reply; null when none was replied to, or without advanced analytics",
      ),
    recovery_rate: v1Share.describe(
      'Of the patients unhappy in the period (1-3 stars, a detractor score, a negative reply), the share whose case was resolved and who were happy afterwards; null without such patients, or without advanced analytics',
    ),
    case_sla_met_rate: v1Share.describe(
      'Share of the cases resolved in the period (with a due time) that were resolved by it; null without any, or without advanced analytics',
    ),
    /** Answered share (0 to 1) of the messages that reached patients; null before any was sent. */
    response_rate: z.number().min(0).max(1).nullable(),
    patients_total: z.number().int(),
    patients_active: z.number().int(),
    reviews_total: z.number().int(),
    average_rating: z.number().nullable(),
    cases_open: z.number().int(),
    cases_high_priority: z.number().int(),
    alerts_active: z.number().int(),
    alerts_high_risk: z.number().int(),
  }),
  /** The last 12 weeks, oldest first (Mondays in the clinic's time zone). */
  trends: z.array(
    z.object({
      week_start: z.string(),
      reviews: z.number().int(),
      average_rating: z.number().nullable(),
      cases_opened: z.number().int(),
      cases_resolved: z.number().int(),
    }),
  ),
});
export type V1Analytics = z.infer<typeof v1AnalyticsSchema>;

export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** RFC 6749 §5.2 error answer of the token endpoint. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
