import type { ReviewSyncErrorCode } from '@careloop/contracts/dashboard';
import { caseDueAt } from '@careloop/domain/case-rules';
import { storedCaseTitle } from '@careloop/domain/case-title';
import { buildPatientIndex, matchReview, type PatientIndex } from '@careloop/domain/matching/index';
import type { ProviderErrorCode } from '@careloop/domain/provider-errors';
import { isPositive, needsAttention, ratingToSeverity } from '@careloop/domain/review-rules';
import type { AppDeps } from '../../app-deps';
import { createGoogleReviewsClient } from '../../integrations/google-reviews/google-reviews.client';
import {
  createProviderHttp,
  ProviderError,
  type ProviderErrorKind,
} from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTrustpilotClient } from '../../integrations/trustpilot/trustpilot.client';
import { newId } from '../../lib/ids';
import { scheduleReviewReplies } from '../review-replies/review-reply-drafting.service';
import { readSecret } from '../secrets/secrets.service';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/webhook-events.service';
import { googleReviewSource } from './google-source';
import {
  findIngestionClinic,
  findSecretNames,
  insertCrossSellOpportunities,
  insertNewReviews,
  insertReviewCases,
  listClinicIdsWithSecretPrefixes,
  type NewReviewCase,
  type NewReviewRow,
  newestReviewDate,
  recordPublicReplies,
  recordSourceSyncs,
  type SourceSyncOutcome,
} from './ingestion.repository';
import { loadMatchPatients } from './match-patients';
import type { FetchedReview, ReviewProvider, ReviewSource } from './review-source';
import { trustpilotReviewSource } from './trustpilot-source';

export type IngestionDeps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

/** The secrets a clinic saves to connect a review source (spec 1 §7 save-secret names). */
export const reviewSourceSecretPrefixes = {
  trustpilotApiKey: 'TRUSTPILOT_API_KEY_',
  trustpilotBusinessUnitId: 'TRUSTPILOT_BUSINESS_UNIT_ID_',
  googleRefreshToken: 'GOOGLE_REFRESH_TOKEN_',
  googleAccountId: 'GOOGLE_ACCOUNT_ID_',
  googleLocationId: 'GOOGLE_LOCATION_ID_',
} as const;

type SecretKey = keyof typeof reviewSourceSecretPrefixes;
const secretName = (key: SecretKey, clinicId: string) => `${reviewSourceSecretPrefixes[key]}${clinicId}`;

const ingestionFailureCodes = [
  'NO_REVIEW_SOURCE',
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_NOT_FOUND',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_BAD_RESPONSE',
] as const;
type IngestionFailureCode = (typeof ingestionFailureCodes)[number];

export type IngestionResult =
  | { ok: true; importedCount: number }
  | {
      ok: false;
      code: IngestionFailureCode;
      message: string;
      /** Imported from other sources of the clinic that did work. */
      importedCount: number;
      /** Worth trying again later (rate limit, outage) rather than fixing settings. */
      isRetryable: boolean;
    };

const providerLabels: Record<ReviewProvider, string> = { trustpilot: 'Trustpilot', google: 'Google' };

const failureCodes: Record<ProviderErrorKind, Exclude<IngestionFailureCode, 'NO_REVIEW_SOURCE'>> = {
  unauthorized: 'PROVIDER_AUTH_FAILED',
  forbidden: 'PROVIDER_AUTH_FAILED',
  not_found: 'PROVIDER_NOT_FOUND',
  rate_limited: 'PROVIDER_RATE_LIMITED',
  unavailable: 'PROVIDER_UNAVAILABLE',
  bad_request: 'PROVIDER_BAD_RESPONSE',
  invalid_response: 'PROVIDER_BAD_RESPONSE',
};

/** The text staff see after 'Error syncing reviews': what happened and what to do. */
function ingestionFailureMessage(provider: ReviewProvider, code: IngestionFailureCode): string {
  const name = providerLabels[provider];
  const settings =
    provider === 'trustpilot' ? 'the API key and business unit ID' : 'the Google Business Profile connection';
  switch (code) {
    case 'PROVIDER_AUTH_FAILED':
      return `${name} did not accept the credentials. Check ${settings} in Settings.`;
    case 'PROVIDER_NOT_FOUND':
      return `${name} could not find the business. Check ${settings} in Settings.`;
    case 'PROVIDER_RATE_LIMITED':
      return `${name} is limiting requests right now. Please try again later.`;
    case 'PROVIDER_UNAVAILABLE':
      return `${name} could not be reached. Please try again later.`;
    case 'PROVIDER_BAD_RESPONSE':
      return `${name} sent reviews in an unexpected format. Nothing was imported.`;
    case 'NO_REVIEW_SOURCE':
      return 'No review source is configured';
  }
}

/** The review sources a clinic has connected: Trustpilot and/or Google, each with every secret saved. */
async function resolveReviewSources(
  deps: IngestionDeps,
  clinicId: string,
  sandboxMode: string,
): Promise<ReviewSource[]> {
  const keys = Object.keys(reviewSourceSecretPrefixes) as SecretKey[];
  const saved = await findSecretNames(
    deps.db,
    clinicId,
    keys.map((k) => secretName(k, clinicId)),
  );
  const has = (...wanted: SecretKey[]) => wanted.every((k) => saved.has(secretName(k, clinicId)));
  const read = async (key: SecretKey) => (await readSecret(deps, clinicId, secretName(key, clinicId))) ?? '';
  const endpoints = providerEndpoints(deps.config, sandboxMode === 'on');
  const sources: ReviewSource[] = [];

  if (has('trustpilotApiKey', 'trustpilotBusinessUnitId')) {
    const client = createTrustpilotClient({
      baseUrl: endpoints.trustpilotUrl,
      http: createProviderHttp('trustpilot', deps.config.integrations.http),
    });
    sources.push(
      trustpilotReviewSource(client, {
        apiKey: (await read('trustpilotApiKey')).trim(),
        businessUnitId: (await read('trustpilotBusinessUnitId')).trim(),
      }),
    );
  }
  if (endpoints.googleClient && has('googleRefreshToken', 'googleAccountId', 'googleLocationId')) {
    const client = createGoogleReviewsClient({
      baseUrl: endpoints.googleUrl,
      tokenUrl: endpoints.googleTokenUrl,
      ...endpoints.googleClient,
      http: createProviderHttp('google', deps.config.integrations.http),
    });
    sources.push(
      googleReviewSource(client, {
        refreshToken: (await read('googleRefreshToken')).trim(),
        accountId: (await read('googleAccountId')).trim(),
        locationId: (await read('googleLocationId')).trim(),
      }),
    );
  }
  return sources;
}

/** Clinics the hourly schedule visits: those that saved the first secret of any review source. */
export function listClinicsWithReviewSource(deps: Pick<AppDeps, 'db'>): Promise<string[]> {
  return listClinicIdsWithSecretPrefixes(deps.db, [
    reviewSourceSecretPrefixes.trustpilotApiKey,
    reviewSourceSecretPrefixes.googleRefreshToken,
  ]);
}

/** The provider's review id can repeat across pages when new reviews arrive mid-run: first one wins. */
function uniqueByProviderId(reviews: FetchedReview[]): FetchedReview[] {
  const seen = new Map<string, FetchedReview>();
  for (const review of reviews)
    if (!seen.has(review.providerReviewId)) seen.set(review.providerReviewId, review);
  return [...seen.values()];
}

/**
 * Imports one source's new reviews in one transaction: a failure anywhere (a bad page, the
 * database) leaves nothing half-written, and the newest stored date stays a true resume point.
 */
async function ingestSource(
  deps: IngestionDeps,
  clinicId: string,
  source: ReviewSource,
  patientIndex: () => Promise<PatientIndex>,
  now: Date,
): Promise<number> {
  const newest = await newestReviewDate(deps.db, clinicId, source.provider);
  const fetched = uniqueByProviderId(await source.fetchReviewsSince(newest ? new Date(newest) : null));
  if (fetched.length === 0) return 0;
  const index = await patientIndex();

  const rows: NewReviewRow[] = fetched.map((review) => {
    const match = matchReview(
      {
        id: review.providerReviewId,
        reviewerName: review.isAnonymous ? '' : (review.reviewerName ?? ''),
        title: review.title,
        text: review.text,
        reviewDate: review.reviewDate.toISOString(),
        language: review.language,
      },
      index,
    );
    return {
      clinicId,
      id: newId('rev'),
      provider: source.provider,
      providerReviewId: review.providerReviewId,
      patientId: match.status === 'matched' ? match.patientId : null,
      rating: review.rating,
      title: review.title,
      reviewText: review.text,
      reviewerName: review.reviewerName,
      language: review.language,
      reviewDate: review.reviewDate,
      matchStatus: match.status,
      matchConfidence: match.confidence,
      publicReplyText: review.publicReply?.text ?? null,
      publicReplyAt: review.publicReply?.at ?? null,
      createdAt: now,
      updatedAt: now,
    };
  });

  return deps.db.transaction(async (tx) => {
    const inserted = await insertNewReviews(tx, rows);
    const byProviderId = new Map(rows.map((r) => [r.providerReviewId, r]));
    const newRows = inserted.map((i) => byProviderId.get(i.providerReviewId)!);
    // A reply the clinic wrote after an earlier run (here or on the provider's site) is recorded too.
    await recordPublicReplies(
      tx,
      clinicId,
      source.provider,
      rows.filter((r) => r.publicReplyText),
    );

    // Only reviews inserted by this run get a case or a cross-sell: a re-run finds none of them new.
    const reviewCases: NewReviewCase[] = newRows
      .filter((r) => needsAttention(r.rating))
      .map((r) => ({
        clinicId,
        id: newId('cas'),
        sourceId: r.id,
        patientId: r.patientId ?? null,
        ...storedCaseTitle({
          kind: 'review',
          rating: r.rating,
          reviewerName: r.reviewerName ?? null,
          reviewTitle: r.title ?? null,
        }),
        description: r.reviewText?.trim() || null,
        severity: ratingToSeverity(r.rating),
        dueAt: caseDueAt(now),
        createdAt: now,
      }));
    const openedCaseIds = new Set(await insertReviewCases(tx, reviewCases));
    // Outbound webhooks, in this transaction: delivered exactly when the import commits.
    await emitWebhookEvents(
      tx,
      clinicId,
      [
        ...newRows.flatMap((r): WebhookEvent[] => [
          { type: 'review.created', data: { review_id: r.id, platform: r.provider, rating: r.rating } },
          ...(r.matchStatus === 'matched' && r.patientId
            ? [
                {
                  type: 'patient.matched' as const,
                  data: { patient_id: r.patientId, review_id: r.id, confidence: r.matchConfidence ?? 0 },
                },
              ]
            : []),
        ]),
        ...reviewCases
          .filter((c) => openedCaseIds.has(c.id))
          .map(
            (c): WebhookEvent => ({
              type: 'case.created',
              data: {
                case_id: c.id,
                source: 'review',
                severity: c.severity,
                patient_id: c.patientId,
                review_id: c.sourceId,
              },
            }),
          ),
      ],
      now,
    );
    // AI review response (spec 1 §2): a low rating gets a reply drafted after the clinic's delay.
    // A review that already carries the clinic's public reply gets no draft: posting would replace it.
    await scheduleReviewReplies(
      tx,
      clinicId,
      newRows.filter((r) => !r.publicReplyText),
      now,
    );

    // A record for the messaging side to act on (a 4-5 star review by a matched patient).
    await insertCrossSellOpportunities(
      tx,
      newRows
        .filter((r) => isPositive(r.rating) && r.matchStatus === 'matched' && r.patientId)
        .map((r) => ({ clinicId, id: newId('xs'), reviewId: r.id, patientId: r.patientId!, createdAt: now })),
    );
    return inserted.length;
  });
}

/** A failed sync as the credential's badge words it (staff read it in their language). */
const credentialErrorCodes: Record<ReviewSyncErrorCode, ProviderErrorCode> = {
  PROVIDER_AUTH_FAILED: 'auth_failed',
  PROVIDER_NOT_FOUND: 'not_found',
  PROVIDER_RATE_LIMITED: 'rate_limited',
  PROVIDER_UNAVAILABLE: 'provider_unavailable',
  PROVIDER_BAD_RESPONSE: 'unexpected_response',
  INTERNAL_ERROR: 'connection_failed',
};

/** Each source's latest sync, all together (the dashboard never sees half a run). */
function saveSourceSyncs(
  deps: Pick<AppDeps, 'db'>,
  clinicId: string,
  outcomes: SourceSyncOutcome[],
  at: Date,
) {
  return deps.db.transaction((tx) =>
    recordSourceSyncs(tx, clinicId, outcomes, at, (failed) => ({
      detail:
        failed.errorCode === 'INTERNAL_ERROR'
          ? 'The sync stopped on our side. Please try again later.'
          : ingestionFailureMessage(failed.provider, failed.errorCode),
      errorCode: credentialErrorCodes[failed.errorCode],
    })),
  );
}

/**
 * Pulls every connected source's new reviews for one clinic, matches each new one to a patient,
 * opens a case for a rating of 3 or less and records a cross-sell for a matched 4 or 5. Safe to
 * run at any time and more than once: nothing is imported twice, and a review already stored
 * (including one whose match staff changed) is never touched.
 */
export async function ingestClinicReviews(
  deps: IngestionDeps,
  clinicId: string,
  options: { now?: Date } = {},
): Promise<IngestionResult> {
  const clinic = await findIngestionClinic(deps.db, clinicId);
  const sources = clinic ? await resolveReviewSources(deps, clinicId, clinic.sandboxMode) : [];
  if (sources.length === 0) {
    return {
      ok: false,
      code: 'NO_REVIEW_SOURCE',
      message: ingestionFailureMessage('trustpilot', 'NO_REVIEW_SOURCE'),
      importedCount: 0,
      isRetryable: false,
    };
  }
  const now = options.now ?? new Date();
  let indexPromise: Promise<PatientIndex> | null = null;
  const patientIndex = () => {
    indexPromise ??= loadMatchPatients(deps.db, clinicId).then(buildPatientIndex);
    return indexPromise;
  };

  let importedCount = 0;
  let failure: Extract<IngestionResult, { ok: false }> | null = null;
  const outcomes: SourceSyncOutcome[] = [];
  for (const source of sources) {
    try {
      const imported = await ingestSource(deps, clinicId, source, patientIndex, now);
      importedCount += imported;
      outcomes.push({ provider: source.provider, ok: true, importedCount: imported });
    } catch (error) {
      if (!(error instanceof ProviderError)) {
        // Our own fault: the dashboard still says the sync is failing; the error goes up as before.
        outcomes.push({ provider: source.provider, ok: false, errorCode: 'INTERNAL_ERROR' });
        await saveSourceSyncs(deps, clinicId, outcomes, now).catch(() => undefined);
        throw error;
      }
      const code = failureCodes[error.kind];
      outcomes.push({ provider: source.provider, ok: false, errorCode: code });
      failure ??= {
        ok: false,
        code,
        message: ingestionFailureMessage(source.provider, code),
        importedCount: 0,
        isRetryable: error.kind === 'rate_limited' || error.kind === 'unavailable',
      };
    }
  }
  await saveSourceSyncs(deps, clinicId, outcomes, now);
  return failure ? { ...failure, importedCount } : { ok: true, importedCount };
}
