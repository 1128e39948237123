import type { AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import type {
  V1Analytics,
  V1CreatePatientBody,
  V1Patient,
  V1Review,
  V1UpdatePatientBody,
  v1ReviewPlatforms,
} from '@careloop/contracts/api-v1';
import type { DashboardSummary } from '@careloop/contracts/dashboard';
import type { Patient } from '@careloop/contracts/patients';
import type { Review } from '@careloop/contracts/reviews';
import { AppError } from '../../lib/errors';
import type { PatientInput } from '../patients/patients.service';

// The web app's shapes in the public API's field names (snake_case, as the /api page documents).

export function toV1Patient(patient: Patient): V1Patient {
  const consent = patient.marketingConsent;
  return {
    id: patient.id,
    name: patient.name,
    email: patient.email,
    phone: patient.phone,
    procedure: patient.procedure,
    procedure_original: patient.procedureOriginal,
    status: patient.status,
    language: patient.language,
    procedure_date: patient.procedureDate,
    marketing_consent: consent ? { state: consent.state, source: consent.source, at: consent.at } : null,
    created_at: patient.createdAt,
    updated_at: patient.updatedAt,
  };
}

/** A v1 create/update body in the app's field names (only the fields given). */
export function fromV1PatientBody(body: V1CreatePatientBody | V1UpdatePatientBody): PatientInput {
  const { procedure_date, marketing_consent, ...same } = body;
  return {
    ...same,
    ...(procedure_date === undefined ? {} : { procedureDate: procedure_date }),
    ...(marketing_consent === undefined
      ? {}
      : { marketingConsent: marketing_consent.state, marketingConsentAt: marketing_consent.at }),
  };
}

const v1FieldNames: Record<string, string> = {
  procedureDate: 'procedure_date',
  marketingConsent: 'marketing_consent',
  'marketingConsent.at': 'marketing_consent.at',
};

/** An error of the app's patient rules with the fields named as the public API names them. */
export function withV1FieldNames(error: unknown): unknown {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return error;
  const details = error.details.map((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null || !('field' in detail)) return detail;
    const field = (detail as { field: unknown }).field;
    return typeof field === 'string' && field in v1FieldNames
      ? { ...detail, field: v1FieldNames[field] }
      : detail;
  });
  return new AppError(error.statusCode, error.code, error.message, details);
}

export function toV1Review(review: Review): V1Review {
  return {
    review_id: review.id,
    // The reviews table's check constraint holds providers to the v1 platforms.
    platform: review.provider as (typeof v1ReviewPlatforms)[number],
    rating: review.rating,
    title: review.title,
    text: review.reviewText,
    reviewer_name: review.reviewerName,
    review_date: review.reviewDate,
    match_status: review.matchStatus,
    patient_id: review.patientId,
  };
}

/** The dashboard's KPIs and its 12 weekly points, oldest first. */
export function toV1Analytics(
  summary: DashboardSummary,
  responseRate: number | null,
  analytics: AnalyticsSummaryResponse,
): V1Analytics {
  const casesByWeek = new Map(summary.weekly.cases.map((week) => [week.weekStart, week]));
  const advanced = analytics.advanced?.current ?? null;
  return {
    period: { from: analytics.period.from, to: analytics.period.to, time_zone: analytics.timeZone },
    kpis: {
      nps: analytics.headline.current.nps.score,
      survey_response_rate: analytics.headline.current.surveyResponseRate.rate,
      median_first_reply_hours: advanced?.reviews.medianHoursToFirstReply ?? null,
      recovery_rate: advanced?.recoveryRate.rate ?? null,
      case_sla_met_rate: advanced?.cases.slaMetRate.rate ?? null,
      response_rate: responseRate,
      patients_total: summary.patients.total,
      patients_active: summary.patients.active,
      reviews_total: summary.reviews.total,
      average_rating: summary.reviews.averageRating,
      cases_open: summary.cases.open,
      cases_high_priority: summary.cases.highPriority,
      alerts_active: summary.alerts.active,
      alerts_high_risk: summary.alerts.highRisk,
    },
    trends: summary.weekly.reviews.map((week) => ({
      week_start: week.weekStart,
      reviews: week.count,
      average_rating: week.averageRating,
      cases_opened: casesByWeek.get(week.weekStart)?.opened ?? 0,
      cases_resolved: casesByWeek.get(week.weekStart)?.resolved ?? 0,
    })),
  };
}
