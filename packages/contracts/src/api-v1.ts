import { appLanguages } from '@careloop/domain/clinic-locale';
import { skipReasons } from '@careloop/domain/messaging/follow-up-plan';
import { patientStatuses } from '@careloop/domain/patient';
import { z } from 'zod';
import { nameText } from './name-text';

// The public API's shapes (spec 3 §3 and §7, field names as the /api page documents them:
// snake_case, lists as `{ data, next_cursor }`). Separate from the web app's private API on purpose:
// this one is versioned and changes only by adding.

const isoDateTime = z.iso.datetime({ offset: true });

export const v1PatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  procedure: z.string().nullable(),
  status: z.enum(patientStatuses),
  language: z.enum(appLanguages).nullable(),
  procedure_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type V1Patient = z.infer<typeof v1PatientSchema>;

export const v1PatientListQuerySchema = z.object({
  /** Case-insensitive search in name, e-mail and phone. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
});

export const v1PatientListResponseSchema = z.object({
  data: z.array(v1PatientSchema),
  next_cursor: z.string().nullable(),
});

export const v1CreatePatientBodySchema = z.object({
  name: nameText(200),
  email: z.string().max(320).nullish(),
  phone: z.string().max(40).nullish(),
  procedure: z.string().max(100).nullish(),
  status: z.enum(patientStatuses).optional(),
  language: z.enum(appLanguages).nullish(),
});
export type V1CreatePatientBody = z.infer<typeof v1CreatePatientBodySchema>;

export const v1UpdatePatientBodySchema = v1CreatePatientBodySchema.partial();
export type V1UpdatePatientBody = z.infer<typeof v1UpdatePatientBodySchema>;

export const v1IdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const v1ReviewPlatforms = ['trustpilot', 'google'] as const;

export const v1ReviewSchema = z.object({
  review_id: z.string(),
  platform: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  review_date: z.string(),
  match_status: z.string(),
  patient_id: z.string().nullable(),
});
export type V1Review = z.infer<typeof v1ReviewSchema>;

export const v1ReviewListQuerySchema = z.object({
  platform: z.enum(v1ReviewPlatforms).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Reviews written at or after this instant. */
  since: isoDateTime.optional(),
  /** Reviews written before this instant. */
  until: isoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
});
export type V1ReviewListQuery = z.infer<typeof v1ReviewListQuerySchema>;

export const v1ReviewListResponseSchema = z.object({
  data: z.array(v1ReviewSchema),
  next_cursor: z.string().nullable(),
});

export const v1FollowUpBodySchema = z.object({ patient_id: z.string().min(1).max(100) });

/** Why a sequence cannot send (the follow-up planner's reasons). */
export const v1CampaignStatuses = ['scheduled', 'blocked'] as const;

export const v1CampaignSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  /** scheduled: the patient gets the clinic's follow-up days; blocked: nothing can be sent (see reason). */
  status: z.enum(v1CampaignStatuses),
  reason: z.enum([...skipReasons, 'no_procedure_date']).nullable(),
  channel: z.enum(['sms', 'whatsapp']).nullable(),
  /** The follow-up messages of this patient already in the outbox (planned ones included). */
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      status: z.string(),
      schedule_day: z.number().int().nullable(),
      scheduled_at: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
});
export type V1Campaign = z.infer<typeof v1CampaignSchema>;

export const v1AnalyticsSchema = z.object({
  kpis: z.object({
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
