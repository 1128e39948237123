import { describe, expect, it } from 'vitest';
import { isGoogleReviewLink, isTrustpilotReviewLink } from './review-links';

describe('Google review links', () => {
  it.each([
    ['https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4', true],
    ['https://g.page/r/CUxyz123abc/review', true],
    ['http://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4', false],
    ['https://search.google.com/local/writereview', false],
    ['https://search.google.com/local/reviews?placeid=ChIJN1t', false],
    ['https://search.google.com.evil.example/local/writereview?placeid=abc', false],
    ['https://evil.example/?u=https://g.page/r/abc/review', false],
    ['https://g.page/r/abc', false],
    ['https://user:pw@g.page/r/abc/review', false],
    ['https://g.page:8443/r/abc/review', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (link, ok) => {
    expect(isGoogleReviewLink(link)).toBe(ok);
  });
});

describe('Trustpilot evaluate links', () => {
  it.each([
    ['https://www.trustpilot.com/evaluate/clinic.example', true],
    ['https://es.trustpilot.com/evaluate/clinic.example', true],
    ['https://trustpilot.com/evaluate/clinic.example', true],
    ['http://www.trustpilot.com/evaluate/clinic.example', false],
    ['https://www.trustpilot.com/review/clinic.example', false],
    ['https://www.trustpilot.com.evil.example/evaluate/clinic.example', false],
    ['https://eviltrustpilot.com/evaluate/clinic.example', false],
    ['https://www.trustpilot.com/evaluate/', false],
    ['https://search.google.com/local/writereview?placeid=abc', false],
  ])('%s -> %s', (link, ok) => {
    expect(isTrustpilotReviewLink(link)).toBe(ok);
  });
});
