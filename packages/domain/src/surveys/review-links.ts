/**
 * The public review links a clinic may put after its survey. Only the pages where a patient writes a
 * review are accepted: Google's "write a review" links and Trustpilot's evaluate links, over https.
 * Anything else (a profile page, a look-alike host, http) would send patients somewhere they cannot
 * review, or somewhere that is not Google or Trustpilot at all.
 */
export const reviewSites = ['google', 'trustpilot'] as const;
export type ReviewSite = (typeof reviewSites)[number];

function parseHttps(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return url;
}

export function isGoogleReviewLink(value: string): boolean {
  const url = parseHttps(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.replace(/\/+$/, '');
  // search.google.com/local/writereview?placeid=<Place ID> (Google's documented review link)
  if (host === 'search.google.com' && path === '/local/writereview') {
    return /^[A-Za-z0-9_-]+$/.test(url.searchParams.get('placeid') ?? '');
  }
  // g.page/r/<id>/review (the link the Business Profile's "Ask for reviews" gives)
  if (host === 'g.page') return /^\/r\/[A-Za-z0-9_-]+\/review$/.test(path);
  return false;
}

export function isTrustpilotReviewLink(value: string): boolean {
  const url = parseHttps(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  // www.trustpilot.com or a country site such as es.trustpilot.com
  if (host !== 'trustpilot.com' && !/^[a-z]{2,3}\.trustpilot\.com$/.test(host)) return false;
  return /^\/evaluate\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(url.pathname.replace(/\/+$/, ''));
}

export function isReviewLink(site: ReviewSite, value: string): boolean {
  return site === 'google' ? isGoogleReviewLink(value) : isTrustpilotReviewLink(value);
}
