/**
 * The public API as documented (spec 3 §7); served by apps/server/src/modules/api-v1 (field names kept).
 * api-operations.test.ts parses each example with the API's own response schema, so none can drift.
 */
export const publicApiEndpoints = [
  {
    id: 'listPatients',
    method: 'GET',
    endpoint: '/api/v1/patients',
    response: `{ "data": [{ "id": "P-4711", "name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000", "procedure": "Dental Implant", "procedure_original": null, "status": "active", "language": "es", "procedure_date": "2026-03-02", "marketing_consent": { "state": "granted", "source": "api", "at": "2026-03-01T09:30:00.000Z" }, "created_at": "2026-03-01T09:30:00.000Z", "updated_at": "2026-03-01T09:30:00.000Z" }], "next_cursor": null }`,
  },
  {
    id: 'createPatient',
    method: 'POST',
    endpoint: '/api/v1/patients',
    response: `{ "id": "P-4712", "name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000", "procedure": null, "procedure_original": null, "status": "active", "language": null, "procedure_date": "2026-03-01", "marketing_consent": null, "created_at": "2026-03-01T09:30:00.000Z", "updated_at": "2026-03-01T09:30:00.000Z" }`,
  },
  {
    id: 'listReviews',
    method: 'GET',
    endpoint: '/api/v1/reviews',
    response: `{ "data": [{ "review_id": "rev_9", "platform": "trustpilot", "rating": 5, "title": "Great care", "text": "Friendly staff and a clean clinic.", "reviewer_name": "Maria S.", "review_date": "2026-03-09T18:12:00.000Z", "match_status": "matched", "patient_id": "P-4711" }], "next_cursor": null }`,
  },
  {
    id: 'triggerFollowUp',
    method: 'POST',
    endpoint: '/api/v1/followups',
    response: `{ "id": "cmp_77", "patient_id": "P-4711", "status": "scheduled", "reason": null, "channel": "whatsapp", "messages": [], "created_at": "2026-03-02T10:00:00.000Z" }`,
  },
  {
    id: 'analytics',
    method: 'GET',
    endpoint: '/api/v1/analytics',
    response: `{ "period": { "from": "2026-02-01", "to": "2026-03-02", "time_zone": "Europe/Madrid" }, "kpis": { "nps": 46, "survey_response_rate": 0.38, "median_first_reply_hours": 5.5, "recovery_rate": 0.5, "case_sla_met_rate": 0.9, "response_rate": 0.85, "patients_total": 1240, "patients_active": 310, "reviews_total": 412, "average_rating": 4.7, "cases_open": 3, "cases_high_priority": 1, "alerts_active": 2, "alerts_high_risk": 0 }, "trends": [{ "week_start": "2026-03-02", "reviews": 9, "average_rating": 4.8, "cases_opened": 1, "cases_resolved": 2 }] }`,
  },
] as const;

export const apiRateLimits = { standardPerHour: 1000, enterprisePerHour: 5000 } as const;

export const sdkAvailability = [
  { name: 'JavaScript / Node.js', status: 'available' },
  { name: 'Python', status: 'planned' },
  { name: 'PHP', status: 'comingSoon' },
  { name: 'Ruby', status: 'comingSoon' },
  { name: 'Java', status: 'planned' },
  { name: 'C# / .NET', status: 'planned' },
] as const;
