/**
 * This deployment's address (its PUBLIC_URL) for text a visitor copies, such as the API examples on
 * /docs. The web build writes a placeholder into its pages and their `<meta name="careloop-public-url">`
 * and the server puts PUBLIC_URL in its place, so a pre-rendered page and its hydration show the same
 * address. In Node (the pre-rendering) the placeholder itself is written; under the dev server, whose
 * HTML has no such meta, the page's own origin stands in.
 */
const publicUrlPlaceholder = '%PUBLIC_URL%';
export const publicUrlMetaName = 'careloop-public-url';

export function publicOrigin(): string {
  if (typeof document === 'undefined') return publicUrlPlaceholder;
  const written = document.querySelector(`meta[name="${publicUrlMetaName}"]`)?.getAttribute('content');
  const origin = written && written !== publicUrlPlaceholder ? written : window.location.origin;
  return origin.replace(/\/+$/, '');
}
