import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { localizedPath } from '../i18n/language.utils';
import { clientRoutePatterns } from '../prerender/client-routes';
import { prerenderedPages } from '../prerender/prerendered-pages';
import { articlePath, blogArticles } from '../public/blog-articles';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { isPublicPagePath, linkPath, publicPagePaths } from './localized-path';
import { paths } from './routes';

describe('linkPath', () => {
  it.each([
    ['/pricing', '/es', '/es/pricing'],
    ['/', '/es/pricing', '/es'],
    ['/signup', '/tr/pricing', '/tr/signup'],
    ['/signup?plan=professional#form', '/es/pricing', '/es/signup?plan=professional#form'],
    ['/blog/ai-patient-communication', '/tr/blog', '/tr/blog/ai-patient-communication'],
    // English pages have the bare paths; the signed-in app has no language URLs.
    ['/pricing', '/pricing', '/pricing'],
    ['/pricing', '/', '/pricing'],
    ['/dashboard', '/es/login', '/dashboard'],
    ['/followup-automation', '/es', '/followup-automation'],
    ['mailto:hello@careloop.example', '/es', 'mailto:hello@careloop.example'],
  ])('%s from %s -> %s', (path, current, expected) => {
    expect(linkPath(path, current)).toBe(expected);
  });

  it('knows the public pages, articles included, and nothing else', () => {
    expect(isPublicPagePath('/blog/any-article')).toBe(true);
    expect(isPublicPagePath('/login?next=/x')).toBe(true);
    expect(isPublicPagePath('/patients')).toBe(false);
    expect(isPublicPagePath('/blog/a/b')).toBe(false);
  });

  it('lists exactly the pages the router mounts under /es and /tr', () => {
    const underSpanish = [
      ...new Set(clientRoutePatterns(routes).filter((path) => path === '/es' || path.startsWith('/es/'))),
    ].sort();
    const listed = publicPagePaths
      .flatMap((path) => (path === paths.blogArticle ? blogArticles.map(articlePath) : [path]))
      .map((path) => localizedPath(path, 'es'))
      .sort();
    expect(listed).toEqual(underSpanish);
  });
});

/** better-auth finds no session; every other request fails, as with the API down. */
const signedOut = () =>
  stubFetch((request) =>
    request.path === '/api/auth/get-session' ? json(null) : json({ error: { code: 'NOT_FOUND' } }, 404),
  );

/** Every link of the page in the app's own pages and layout, as rendered at `url`. */
async function linksOf(url: string): Promise<string[]> {
  renderPage(<Outlet />, { path: '/', url, children: routes });
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(document.querySelector('footer')).not.toBeNull());
  return [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
}

// Inside /es/... and /tr/... pages the links stay in that language, not the English paths (/pricing).
describe('links on the pages at a language URL', () => {
  const pages = [
    ...prerenderedPages.map((page) => page.path).filter((path) => path !== '/404'),
    paths.login,
    paths.signup,
    paths.forgotPassword,
    '/no-such-page',
  ];

  it.each(pages)('/tr%s links to the Turkish public pages', async (path) => {
    signedOut();
    const hrefs = await linksOf(localizedPath(path, 'tr'));
    const internal = hrefs.filter((href) => href.startsWith('/'));
    expect(internal.length).toBeGreaterThan(0);
    for (const href of internal) {
      expect(isPublicPagePath(href) ? href === '/tr' || href.startsWith('/tr/') : true, href).toBe(true);
      expect(href.startsWith('/es'), href).toBe(false);
    }
  });

  it('keeps the bare paths on the English pages', async () => {
    signedOut();
    const hrefs = await linksOf(paths.pricing);
    expect(hrefs).toContain(paths.signup);
    expect(hrefs.some((href) => href.startsWith('/es') || href.startsWith('/tr'))).toBe(false);
  });
});
