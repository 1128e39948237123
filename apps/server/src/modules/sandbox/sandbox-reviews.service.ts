import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type {
  SandboxBusinessUnit,
  TrustpilotSandboxState,
} from '../../integrations/trustpilot/trustpilot.sandbox';

// Sandbox only: a clinic's own page on the Trustpilot fake, where it can post the reviews it wants
// to try (a happy patient's 5 stars, say) and then connect the page and Sync Reviews as it would
// with Trustpilot. Each clinic gets its own business unit and API key, made on first use; the pages
// live in the fake's memory, like every sandbox review.

export type SandboxReviewInput = {
  stars: number;
  reviewerName: string;
  title: string;
  text: string;
  language: string;
  createdAt: Date;
};

type ClinicPage = { apiKey: string; unit: SandboxBusinessUnit };
const pagesByState = new WeakMap<TrustpilotSandboxState, Map<string, ClinicPage>>();

function clinicPage(state: TrustpilotSandboxState, clinicId: string, clinicName: string): ClinicPage {
  let pages = pagesByState.get(state);
  if (!pages) {
    pages = new Map();
    pagesByState.set(state, pages);
  }
  let page = pages.get(clinicId);
  if (!page) {
    const id = createHash('sha256').update(`careloop-sandbox:${clinicId}`).digest('hex').slice(0, 24);
    const unit: SandboxBusinessUnit = {
      id,
      domain: `${id}.sandbox.careloop.local`,
      displayName: clinicName,
      reviews: [],
    };
    page = { apiKey: `sandbox-trustpilot-${randomBytes(12).toString('hex')}`, unit };
    state.apiKeys.add(page.apiKey);
    state.businessUnits.set(id, unit);
    pages.set(clinicId, page);
  }
  return page;
}

/** Posts a review on the clinic's sandbox Trustpilot page; answers the page's credentials. */
export function postSandboxReview(
  deps: Pick<AppDeps, 'sandboxes'>,
  clinic: { id: string; name: string },
  review: SandboxReviewInput,
) {
  const page = clinicPage(deps.sandboxes.trustpilot, clinic.id, clinic.name);
  const reviewId = `sandbox-review-${randomBytes(8).toString('hex')}`;
  page.unit.reviews.push({
    id: reviewId,
    stars: review.stars,
    title: review.title,
    text: review.text,
    language: review.language,
    createdAt: review.createdAt.toISOString(),
    consumer: { id: `sandbox-consumer-${randomBytes(6).toString('hex')}`, displayName: review.reviewerName },
  });
  return { reviewId, apiKey: page.apiKey, businessUnitId: page.unit.id };
}
