// Examples of the public API's bodies, shown in the document beside their schemas (the lint of the
// document checks each against its schema, so an example cannot drift from the contract). Ids have
// the form the server gives (v1-followup-status.int.test.ts compares them with real ones).

const patient = {
  id: 'P-1768469400000',
  name: 'Maria Santos',
  email: 'maria@example.com',
  phone: '+34600000000',
  procedure: 'Dental Implant',
  procedure_original: null,
  status: 'active',
  language: 'es',
  procedure_date: '2026-01-15',
  marketing_consent: { state: 'granted', source: 'api', at: '2026-01-15T09:30:00.000Z' },
  created_at: '2026-01-15T09:30:00.000Z',
  updated_at: '2026-01-15T09:30:00.000Z',
};

const followUp = {
  id: 'cmp_2k9d0x1m8q7zw3',
  patient_id: patient.id,
  status: 'scheduled',
  reason: null,
  channel: 'sms',
  messages: [
    {
      id: 'msg_7x2m9q0d1k8zs4',
      channel: 'sms',
      status: 'queued',
      schedule_day: 1,
      scheduled_at: '2026-01-16T10:00:00.000Z',
    },
  ],
  created_at: '2026-01-15T09:31:00.000Z',
};

/** Bodies by operation: what a request sends and what its success answers. */
export const v1OperationExamples: Record<string, { request?: unknown; response: unknown }> = {
  listPatients: { response: { data: [patient], next_cursor: null } },
  createPatient: {
    request: {
      name: 'Maria Santos',
      email: 'maria@example.com',
      phone: '+34600000000',
      procedure: 'Dental Implant',
      procedure_date: '2026-01-15',
      language: 'es',
      marketing_consent: { state: 'granted' },
    },
    response: patient,
  },
  getPatient: { response: patient },
  updatePatient: { request: { status: 'completed' }, response: { ...patient, status: 'completed' } },
  listReviews: {
    response: {
      data: [
        {
          review_id: 'rev_k3j9x0q2m1ab7c',
          platform: 'google',
          rating: 5,
          title: null,
          text: 'Great care from the whole team.',
          reviewer_name: 'Maria S.',
          review_date: '2026-02-01T12:00:00.000Z',
          match_status: 'matched',
          patient_id: patient.id,
        },
      ],
      next_cursor: null,
    },
  },
  startFollowUp: { request: { patient_id: patient.id }, response: followUp },
  getFollowUp: { response: followUp },
  getAnalytics: {
    response: {
      period: { from: '2026-01-01', to: '2026-01-30', time_zone: 'Europe/Madrid' },
      kpis: {
        nps: 46,
        survey_response_rate: 0.38,
        median_first_reply_hours: 5.5,
        recovery_rate: 0.5,
        case_sla_met_rate: 0.9,
        response_rate: 0.42,
        patients_total: 120,
        patients_active: 85,
        reviews_total: 64,
        average_rating: 4.6,
        cases_open: 3,
        cases_high_priority: 1,
        alerts_active: 2,
        alerts_high_risk: 0,
      },
      trends: [
        { week_start: '2026-01-12', reviews: 5, average_rating: 4.8, cases_opened: 1, cases_resolved: 1 },
      ],
    },
  },
  requestAccessToken: {
    request: { grant_type: 'client_credentials', scope: 'patients:read patients:write' },
    response: {
      access_token: 'clat_3q9X1mZk0dP7sW2vB8nL4rT6yH5jG0fC1aE9uI3oK7w',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'patients:read patients:write',
    },
  },
};

const requestId = 'req_8m2k9d0x1q7zw3s4t5u6';

/** One example of each error answer (the codes a client branches on). */
const v1ErrorExamples: Record<number, { code: string; message: string; details?: unknown }> = {
  400: {
    code: 'PARAMETER_UNKNOWN',
    message: 'Unknown query parameter: sort',
    details: [{ field: 'sort', message: 'Unknown query parameter' }],
  },
  401: { code: 'UNAUTHENTICATED', message: 'The access token is invalid, expired or revoked' },
  403: { code: 'FORBIDDEN', message: 'This token lacks the patients:write scope' },
  404: { code: 'NOT_FOUND', message: 'Patient not found' },
  409: { code: 'CONFLICT', message: 'A request with this Idempotency-Key is still being processed' },
  422: {
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: 'This Idempotency-Key was used with a different request',
  },
  429: {
    code: 'RATE_LIMITED',
    message: 'Too many requests',
    details: { limit: 1000, retryAfterSeconds: 1800 },
  },
};

export const v1ErrorExample = (status: number) => ({
  error: { ...v1ErrorExamples[status], request_id: requestId },
});
