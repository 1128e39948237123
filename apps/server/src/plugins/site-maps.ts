// robots.txt and sitemap.xml, written for the address the site is reached at (PUBLIC_URL), not
// for a name fixed at build time.

/** The signed-in app and the machine interfaces: nothing there for a search engine. */
const privatePaths = [
  '/api/',
  '/sandbox/',
  '/admin/',
  '/dashboard',
  '/analytics',
  '/onboarding',
  '/patients',
  '/reviews',
  '/cases',
  '/conversations',
  '/followup-automation',
  '/enterprise-compliance',
  '/testing-checklist',
  '/settings',
  '/monitoring',
  '/security-hardening',
  '/account/',
];

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${withoutTrailingSlash(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One public page in each language it has: language code -> path (`{ en: '/pricing', es: '/es/pricing' }`). */
export type PageLanguages = Record<string, string>;

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** Every language version of every page, each naming its twins (hreflang, with English as x-default). */
export function sitemapXml(publicUrl: string, pages: readonly PageLanguages[]): string {
  const origin = withoutTrailingSlash(publicUrl);
  const url = (path: string) => escapeXml(`${origin}${path}`);
  const entries = pages.flatMap((page) => {
    const alternates = [
      ...Object.entries(page).map(
        ([language, path]) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(path)}"/>`,
      ),
      ...(page.en ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${url(page.en)}"/>`] : []),
    ];
    return Object.values(page).map((path) =>
      ['  <url>', `    <loc>${url(path)}</loc>`, ...alternates, '  </url>'].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
