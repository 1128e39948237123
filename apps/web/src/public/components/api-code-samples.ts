/**
 * The examples /docs and /api show, written for this deployment's address (lib/public-origin.ts) with
 * the placeholders an integrator replaces by their own values. The server's docs quick-start test runs
 * these very strings (curl and the Node SDK sample) against a server over HTTP, so they stay runnable.
 */
export const integratorPlaceholders = {
  clientId: 'YOUR_CLIENT_ID',
  clientSecret: 'YOUR_CLIENT_SECRET',
  accessToken: 'YOUR_ACCESS_TOKEN',
  webhookSecret: 'YOUR_WEBHOOK_SECRET',
} as const;

const { clientId, clientSecret, accessToken, webhookSecret } = integratorPlaceholders;

export function apiCodeSamples(origin: string) {
  return {
    getToken: `curl -X POST ${origin}/api/v1/oauth/token \\
  -u "${clientId}:${clientSecret}" \\
  -d grant_type=client_credentials`,
    tokenAnswer: `{ "access_token": "clat_…", "token_type": "Bearer", "expires_in": 3600, "scope": "patients:read patients:write …" }`,
    createPatient: `curl -X POST ${origin}/api/v1/patients \\
  -H "Authorization: Bearer ${accessToken}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: pms-patient-4711" \\
  -d '{"name": "Maria Santos", "email": "maria@example.com", "phone": "+34600000000", "procedure": "Dental Implant", "procedure_date": "2026-03-02", "language": "es"}'`,
    listPatients: `curl "${origin}/api/v1/patients?search=Maria%20Santos" \\
  -H "Authorization: Bearer ${accessToken}"`,
    reviews: `curl "${origin}/api/v1/reviews?platform=trustpilot" \\
  -H "Authorization: Bearer ${accessToken}"`,
    installSdk: 'npm install @careloop/sdk',
    node: `// quick-start.mjs (Node.js 20 or newer); run it with: node quick-start.mjs
import { CareLoop } from '@careloop/sdk';

// The SDK gets its token with your client's id and secret and renews it itself.
const careloop = new CareLoop({
  baseUrl: '${origin}',
  clientId: '${clientId}',
  clientSecret: '${clientSecret}',
});

const patient = await careloop.patients.create({
  name: 'Maria Santos',
  email: 'maria@example.com',
  phone: '+34600000000',
  procedure: 'Dental Implant',
  procedure_date: '2026-03-02', // the treatment day in the clinic's time zone: follow-ups count from it
  language: 'es',
});
console.log('created', patient.id, patient.procedure_date);

const { data } = await careloop.patients.list({ search: 'Maria Santos' });
console.log('listed', data.map((p) => \`\${p.id} \${p.name} \${p.procedure_date}\`));
`,
    verifyWebhook: `// Node.js: npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

// The endpoint's secret (whsec_…) as Settings > API shows it once.
const webhook = new Webhook('${webhookSecret}');

/** The event of a delivery, or an error when no signature matches or it is over 5 minutes old. */
export function verifiedEvent(rawBody, headers) {
  // The body exactly as received (before any JSON parsing): the signature covers its bytes.
  return webhook.verify(rawBody, {
    'webhook-id': headers['webhook-id'],
    'webhook-timestamp': headers['webhook-timestamp'],
    'webhook-signature': headers['webhook-signature'],
  });
}`,
    rateLimitHeaders: `X-RateLimit-Limit: 1000
X-RateLimit-Remaining: 998
X-RateLimit-Reset: 1735689600`,
  };
}
