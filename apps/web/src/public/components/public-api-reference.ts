/** The public API as documented (spec 3 §7); served by apps/server/src/modules/api-v1 (field names kept). */
export const publicApiEndpoints = [
  {
    id: 'listPatients',
    method: 'GET',
    endpoint: '/api/v1/patients',
    response:
      '{ "data": [{ "id": "pat_123", "name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000" }], "next_cursor": null }',
  },
  {
    id: 'createPatient',
    method: 'POST',
    endpoint: '/api/v1/patients',
    response:
      '{ "id": "pat_124", "name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000" }',
  },
  {
    id: 'listReviews',
    method: 'GET',
    endpoint: '/api/v1/reviews',
    response: '{ "data": [{ "review_id": "rev_9", "platform": "trustpilot", "rating": 5 }] }',
  },
  {
    id: 'triggerFollowUp',
    method: 'POST',
    endpoint: '/api/v1/followups',
    response: '{ "id": "cmp_77", "patient_id": "pat_124", "status": "scheduled" }',
  },
  {
    id: 'analytics',
    method: 'GET',
    endpoint: '/api/v1/analytics',
    response: '{ "kpis": { "response_rate": 0.85, "average_rating": 4.7 }, "trends": [] }',
  },
] as const;

export const apiRateLimits = { standardPerHour: 1000, enterprisePerHour: 5000 } as const;

export const sdkAvailability = [
  { name: 'JavaScript / Node.js', status: 'available' },
  { name: 'Python', status: 'available' },
  { name: 'PHP', status: 'comingSoon' },
  { name: 'Ruby', status: 'comingSoon' },
  { name: 'Java', status: 'planned' },
  { name: 'C# / .NET', status: 'planned' },
] as const;

export const codeSamples = {
  auth: `curl https://api.careloop.example/api/v1/patients \\
  -H "Authorization: Bearer YOUR_ACCESS_TOKEN"`,
  createPatient: `curl -X POST https://api.careloop.example/api/v1/patients \\
  -H "Authorization: Bearer YOUR_ACCESS_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000"}'`,
  reviews: `curl "https://api.careloop.example/api/v1/reviews?platform=trustpilot" \\
  -H "Authorization: Bearer YOUR_ACCESS_TOKEN"`,
  node: `import { CareLoop } from '@careloop/sdk';

const careloop = new CareLoop({ accessToken: process.env.CARELOOP_TOKEN });
const patient = await careloop.patients.create({
  name: 'Maria Santos',
  email: 'maria@example.com',
  phone: '+34600000000',
});
await careloop.followups.trigger({ patientId: patient.id });`,
  python: `from careloop import CareLoop

careloop = CareLoop(access_token=os.environ["CARELOOP_TOKEN"])
reviews = careloop.reviews.list(platform="trustpilot")`,
  // As the webhooks send them (Standard Webhooks' shape; modules/webhooks/webhook-events.service.ts).
  reviewCreated: `{
  "type": "review.created",
  "timestamp": "2026-11-26T08:00:00.000Z",
  "data": { "review_id": "rev_9", "platform": "trustpilot", "rating": 2 }
}`,
  patientMatched: `{
  "type": "patient.matched",
  "timestamp": "2026-11-26T08:00:00.000Z",
  "data": { "patient_id": "pat_124", "review_id": "rev_9", "confidence": 0.92 }
}`,
  rateLimitHeaders: `X-RateLimit-Limit: 1000
X-RateLimit-Remaining: 998
X-RateLimit-Reset: 1735689600`,
} as const;
