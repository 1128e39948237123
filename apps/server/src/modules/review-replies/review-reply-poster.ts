import type { AppDeps } from '../../app-deps';
import { createGoogleReviewsClient } from '../../integrations/google-reviews/google-reviews.client';
import { createProviderHttp } from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTrustpilotClient } from '../../integrations/trustpilot/trustpilot.client';
import { findSavedSecretNames, readSecret } from '../secrets/secrets.service';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Provider = 'trustpilot' | 'google';

/**
 * The secrets that let CareLoop post a reply. Trustpilot's reply API is private: it needs a
 * business token (API key and secret) and the business user who signs the reply (providers.md
 * §1.4). Google's reply uses the same connection as the reviews import.
 */
const replySecretPrefixes = {
  trustpilot: {
    apiKey: 'TRUSTPILOT_API_KEY_',
    apiSecret: 'TRUSTPILOT_API_SECRET_',
    businessUserId: 'TRUSTPILOT_BUSINESS_USER_ID_',
  },
  google: {
    refreshToken: 'GOOGLE_REFRESH_TOKEN_',
    accountId: 'GOOGLE_ACCOUNT_ID_',
    locationId: 'GOOGLE_LOCATION_ID_',
  },
} as const;

const namesFor = (provider: Provider, clinicId: string) =>
  Object.values(replySecretPrefixes[provider]).map((prefix) => `${prefix}${clinicId}`);

/** Whether approving a reply to this provider's review will post it (every secret saved). */
export async function canPostReply(
  deps: Deps,
  clinicId: string,
  provider: string,
  isSandboxClinic: boolean,
): Promise<boolean> {
  if (provider !== 'trustpilot' && provider !== 'google') return false;
  if (provider === 'google' && !providerEndpoints(deps.config, isSandboxClinic).googleClient) return false;
  const wanted = namesFor(provider, clinicId);
  const saved = await findSavedSecretNames(deps, clinicId, wanted);
  return wanted.every((name) => saved.has(name));
}

type ReviewRef = {
  clinicId: string;
  provider: Provider;
  providerReviewId: string;
  isSandboxClinic: boolean;
};

function clientsFor(deps: Deps, input: ReviewRef) {
  const at = providerEndpoints(deps.config, input.isSandboxClinic);
  const read = async (prefix: string) =>
    ((await readSecret(deps, input.clinicId, `${prefix}${input.clinicId}`)) ?? '').trim();
  const trustpilot = () =>
    createTrustpilotClient({
      baseUrl: at.trustpilotUrl,
      http: createProviderHttp('trustpilot', deps.config.integrations.http),
    });
  const google = () => {
    if (!at.googleClient) throw new Error('Google is not configured on this server');
    return createGoogleReviewsClient({
      baseUrl: at.googleUrl,
      tokenUrl: at.googleTokenUrl,
      ...at.googleClient,
      http: createProviderHttp('google', deps.config.integrations.http),
    });
  };
  return { read, trustpilot, google };
}

/**
 * The clinic's public reply on the review as the provider shows it now (null when none): read
 * again right before posting, since both providers' reply calls replace an existing reply.
 */
export async function readPublicReply(
  deps: Deps,
  input: ReviewRef,
): Promise<{ text: string; at: Date | null } | null> {
  const { read, trustpilot, google } = clientsFor(deps, input);
  if (input.provider === 'trustpilot') {
    const review = await trustpilot().getReview({
      apiKey: await read(replySecretPrefixes.trustpilot.apiKey),
      reviewId: input.providerReviewId,
    });
    return review.companyReply;
  }
  const names = replySecretPrefixes.google;
  const client = google();
  const review = await client.getReview({
    accessToken: await client.refreshAccessToken(await read(names.refreshToken)),
    accountId: await read(names.accountId),
    locationId: await read(names.locationId),
    reviewId: input.providerReviewId,
  });
  return review.reply;
}

/** Posts the reply through the provider's API; throws `ProviderError` when the provider refuses. */
export async function postReplyToProvider(
  deps: Deps,
  input: {
    clinicId: string;
    provider: Provider;
    providerReviewId: string;
    text: string;
    isSandboxClinic: boolean;
  },
): Promise<void> {
  const at = providerEndpoints(deps.config, input.isSandboxClinic);
  const read = async (prefix: string) =>
    ((await readSecret(deps, input.clinicId, `${prefix}${input.clinicId}`)) ?? '').trim();

  if (input.provider === 'trustpilot') {
    const names = replySecretPrefixes.trustpilot;
    const client = createTrustpilotClient({
      baseUrl: at.trustpilotUrl,
      http: createProviderHttp('trustpilot', deps.config.integrations.http),
    });
    const accessToken = await client.requestAccessToken({
      apiKey: await read(names.apiKey),
      apiSecret: await read(names.apiSecret),
    });
    await client.postReply({
      accessToken,
      reviewId: input.providerReviewId,
      authorBusinessUserId: await read(names.businessUserId),
      message: input.text,
    });
    return;
  }

  const names = replySecretPrefixes.google;
  if (!at.googleClient) throw new Error('Google is not configured on this server');
  const client = createGoogleReviewsClient({
    baseUrl: at.googleUrl,
    tokenUrl: at.googleTokenUrl,
    ...at.googleClient,
    http: createProviderHttp('google', deps.config.integrations.http),
  });
  const accessToken = await client.refreshAccessToken(await read(names.refreshToken));
  await client.postReply({
    accessToken,
    accountId: await read(names.accountId),
    locationId: await read(names.locationId),
    reviewId: input.providerReviewId,
    comment: input.text,
  });
}
