import { ProviderError } from '../../integrations/http/provider-http';
import { type TrustpilotClient, trustpilotMaxPerPage } from '../../integrations/trustpilot/trustpilot.client';
import { type FetchedReview, ingestionOverlapMs, maxPagesPerRun, type ReviewSource } from './review-source';

/** A clinic's Trustpilot business unit, read newest first until the pages reach `since`. */
export function trustpilotReviewSource(
  client: TrustpilotClient,
  credentials: { apiKey: string; businessUnitId: string },
): ReviewSource {
  return {
    provider: 'trustpilot',
    async fetchReviewsSince(since) {
      const stopBefore = since ? since.getTime() - ingestionOverlapMs : null;
      const found: FetchedReview[] = [];
      for (let page = 1; page <= maxPagesPerRun; page += 1) {
        const reviews = await client.listReviews({
          ...credentials,
          page,
          perPage: trustpilotMaxPerPage,
          orderBy: 'createdat.desc',
        });
        for (const r of reviews) {
          found.push({
            providerReviewId: r.id,
            rating: r.stars,
            title: r.title,
            text: r.text,
            reviewerName: r.consumerName,
            isAnonymous: false,
            language: r.language,
            reviewDate: r.createdAt,
            publicReply: r.companyReply,
          });
        }
        // Trustpilot's `links` are not documented well enough to trust: a short page is the last.
        if (reviews.length < trustpilotMaxPerPage) return found;
        const oldest = reviews[reviews.length - 1]!.createdAt.getTime();
        if (stopBefore !== null && oldest < stopBefore) return found;
      }
      throw new ProviderError('trustpilot', 'invalid_response', 'Trustpilot kept sending pages');
    },
  };
}
