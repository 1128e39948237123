import type { reviewProviders } from '../../db/schema/reviews';

export type ReviewProvider = (typeof reviewProviders)[number];

/** A review as every source hands it over, whatever the provider's wire format. */
export type FetchedReview = {
  providerReviewId: string;
  rating: number;
  title: string | null;
  text: string | null;
  reviewerName: string | null;
  /** True when the provider says the name is not the reviewer's own (Google's anonymous reviews). */
  isAnonymous: boolean;
  language: string | null;
  reviewDate: Date;
  /** The clinic's public reply already on the review, written here or elsewhere; null when none. */
  publicReply: { text: string; at: Date | null } | null;
};

/** One provider account of one clinic, able to page through its reviews. */
export type ReviewSource = {
  provider: ReviewProvider;
  /**
   * Every review written since `since` (all of them when null), paging through every page the
   * provider has. May return somewhat older reviews too: the caller skips what it already has.
   */
  fetchReviewsSince: (since: Date | null) => Promise<FetchedReview[]>;
};

/**
 * How far before the newest stored review a run looks again: providers publish some reviews late
 * (moderation), with their original date. Re-reading them costs a page; the unique key drops them.
 */
export const ingestionOverlapMs = 7 * 86_400_000;

/** Guards against a provider that ignores paging and repeats pages forever. */
export const maxPagesPerRun = 2_000;
