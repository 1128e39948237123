import type { V1Analytics, V1Patient, V1Review } from '@careloop/contracts/api-v1';
import type { DashboardSummary } from '@careloop/contracts/dashboard';
import type { Patient } from '@careloop/contracts/patients';
import type { Review } from '@careloop/contracts/reviews';

// The web app's shapes in the public API's field names (snake_case, as the /api page documents).

export function toV1Patient(patient: Patient): V1Patient {
  return {
    id: patient.id,
    name: patient.name,
    email: patient.email,
    phone: patient.phone,
    procedure: patient.procedure,
    status: patient.status,
    language: patient.language,
    procedure_date: patient.procedureDate,
    created_at: patient.createdAt,
    updated_at: patient.updatedAt,
  };
}

export function toV1Review(review: Review): V1Review {
  return {
    review_id: review.id,
    platform: review.provider,
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
export function toV1Analytics(summary: DashboardSummary, responseRate: number | null): V1Analytics {
  const casesByWeek = new Map(summary.weekly.cases.map((week) => [week.weekStart, week]));
  return {
    kpis: {
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
