import type { GoogleReviewsClient } from '../../integrations/google-reviews/google-reviews.client';
import { ProviderError } from '../../integrations/http/provider-http';
import { type FetchedReview, ingestionOverlapMs, maxPagesPerRun, type ReviewSource } from './review-source';

/**
 * A clinic's Google Business Profile location, read by update time, newest first. A review's
 * creation time is never after its update time, so once the pages pass `since` nothing newer is left.
 */
export function googleReviewSource(
  client: GoogleReviewsClient,
  credentials: { refreshToken: string; accountId: string; locationId: string },
): ReviewSource {
  return {
    provider: 'google',
    async fetchReviewsSince(since) {
      const stopBefore = since ? since.getTime() - ingestionOverlapMs : null;
      const accessToken = await client.refreshAccessToken(credentials.refreshToken);
      const found: FetchedReview[] = [];
      const seenTokens = new Set<string>();
      let pageToken: string | undefined;
      for (let page = 1; page <= maxPagesPerRun; page += 1) {
        const result = await client.listReviews({
          accessToken,
          accountId: credentials.accountId,
          locationId: credentials.locationId,
          pageToken,
          orderBy: 'updateTime desc',
        });
        for (const r of result.reviews) {
          // A review without a star rating cannot be scored, triaged or matched on rating: skipped.
          if (r.rating === null) continue;
          found.push({
            providerReviewId: r.reviewId,
            rating: r.rating,
            title: null,
            text: r.comment,
            reviewerName: r.reviewerName,
            isAnonymous: r.isAnonymous,
            language: null,
            reviewDate: r.createTime,
            publicReply: r.reply,
          });
        }
        const oldest = result.reviews.at(-1)?.updateTime.getTime();
        if (!result.nextPageToken || (stopBefore !== null && oldest !== undefined && oldest < stopBefore))
          return found;
        if (seenTokens.has(result.nextPageToken)) break;
        seenTokens.add(result.nextPageToken);
        pageToken = result.nextPageToken;
      }
      throw new ProviderError('google', 'invalid_response', 'Google kept sending pages');
    },
  };
}
