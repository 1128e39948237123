import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import {
  createGoogleReviewsSandboxState,
  googleReviewsSandbox,
  locationKey,
  type SandboxGoogleReview,
} from '../integrations/google-reviews/google-reviews.sandbox';
import {
  createTrustpilotSandboxState,
  type SandboxTrustpilotReview,
  sandboxBusinessUnitId,
  trustpilotSandbox,
} from '../integrations/trustpilot/trustpilot.sandbox';
import { jsonHeaders } from './build-user';
import { portOf } from './free-port';
import type { TestApp } from './test-app';

export type ReviewSandboxes = Awaited<ReturnType<typeof startReviewSandboxes>>;

/**
 * Both provider fakes on their own HTTP server (port 0), so a test reaches them over real HTTP
 * and can seed them and inject faults. `env` points a test app's clients at them.
 */
export async function startReviewSandboxes() {
  const trustpilot = createTrustpilotSandboxState();
  const google = createGoogleReviewsSandboxState({
    clientId: `client-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(12).toString('hex'),
  });
  // Clients keep connections alive; closing must not wait for them.
  const server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(trustpilotSandbox(trustpilot), { prefix: '/sandbox/trustpilot' });
  await server.register(googleReviewsSandbox(google), { prefix: '/sandbox/google-reviews' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(server.server);
  const base = `http://127.0.0.1:${port}/sandbox`;
  return {
    trustpilot,
    google,
    trustpilotUrl: `${base}/trustpilot/v1`,
    googleUrl: `${base}/google-reviews/v4`,
    googleTokenUrl: `${base}/google-reviews/token`,
    env: {
      TRUSTPILOT_API_URL: `${base}/trustpilot/v1`,
      GOOGLE_BUSINESS_API_URL: `${base}/google-reviews/v4`,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/google-reviews/token`,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      INTEGRATION_RETRY_BASE_MS: '5',
      INTEGRATION_TIMEOUT_MS: '5000',
    },
    close: () => server.close(),
  };
}

let sequence = 0;

/** A Trustpilot wire review, `daysAgo` days before now, unless overridden. */
export function trustpilotReview(
  overrides: Partial<Omit<SandboxTrustpilotReview, 'consumer'>> & { name?: string; daysAgo?: number } = {},
): SandboxTrustpilotReview {
  sequence += 1;
  const { name, daysAgo, ...rest } = overrides;
  return {
    id: `tp-${sequence}-${randomBytes(6).toString('hex')}`,
    stars: 5,
    title: 'Great clinic',
    text: 'Everything went well.',
    language: 'en',
    createdAt: new Date(Date.now() - (daysAgo ?? 1) * 86_400_000).toISOString(),
    consumer: { id: randomBytes(6).toString('hex'), displayName: name ?? `Reviewer ${sequence}` },
    ...rest,
  };
}

/** A Google wire review; the star rating is the enum word. */
export function googleReview(
  overrides: Partial<Omit<SandboxGoogleReview, 'reviewer'>> & {
    name?: string;
    daysAgo?: number;
    isAnonymous?: boolean;
  } = {},
): SandboxGoogleReview {
  sequence += 1;
  const { name, daysAgo, isAnonymous, ...rest } = overrides;
  const at = new Date(Date.now() - (daysAgo ?? 1) * 86_400_000).toISOString();
  return {
    reviewId: `g-${sequence}-${randomBytes(8).toString('base64url')}`,
    reviewer: { displayName: name ?? `Google Reviewer ${sequence}`, isAnonymous: isAnonymous ?? false },
    starRating: 'FIVE',
    comment: 'Very good.',
    createTime: at,
    updateTime: at,
    ...rest,
  };
}

export async function saveSecret(t: TestApp, cookie: string, name: string, value: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie }),
    payload: { name, value },
  });
  if (res.statusCode !== 201) throw new Error(`saving ${name} failed: ${res.statusCode} ${res.body}`);
}

/** A business unit in the Trustpilot fake, connected to the clinic through the Settings secrets. */
export async function connectTrustpilot(
  t: TestApp,
  sandboxes: ReviewSandboxes,
  clinic: { clinicId: string; owner: { cookie: string } },
  reviews: SandboxTrustpilotReview[] = [],
) {
  const apiKey = `tp-key-${randomBytes(8).toString('hex')}`;
  const businessUnitId = sandboxBusinessUnitId();
  sandboxes.trustpilot.apiKeys.add(apiKey);
  const unit = {
    id: businessUnitId,
    domain: `${businessUnitId}.example`,
    displayName: 'Test Clinic',
    reviews,
  };
  sandboxes.trustpilot.businessUnits.set(businessUnitId, unit);
  await saveSecret(t, clinic.owner.cookie, `TRUSTPILOT_API_KEY_${clinic.clinicId}`, apiKey);
  await saveSecret(t, clinic.owner.cookie, `TRUSTPILOT_BUSINESS_UNIT_ID_${clinic.clinicId}`, businessUnitId);
  return { apiKey, businessUnitId, unit };
}

/** A location in the Google fake, connected to the clinic through its secrets. */
export async function connectGoogle(
  t: TestApp,
  sandboxes: ReviewSandboxes,
  clinic: { clinicId: string; owner: { cookie: string } },
  reviews: SandboxGoogleReview[] = [],
) {
  const refreshToken = `1//refresh-${randomBytes(10).toString('hex')}`;
  const accountId = String(1e17 + Math.floor(Math.random() * 1e15));
  const locationId = String(2e17 + Math.floor(Math.random() * 1e15));
  sandboxes.google.refreshTokens.add(refreshToken);
  sandboxes.google.locations.set(locationKey(accountId, locationId), reviews);
  await saveSecret(t, clinic.owner.cookie, `GOOGLE_REFRESH_TOKEN_${clinic.clinicId}`, refreshToken);
  await saveSecret(t, clinic.owner.cookie, `GOOGLE_ACCOUNT_ID_${clinic.clinicId}`, accountId);
  await saveSecret(t, clinic.owner.cookie, `GOOGLE_LOCATION_ID_${clinic.clinicId}`, locationId);
  return { refreshToken, accountId, locationId, reviews };
}
