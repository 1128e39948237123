import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { defaultLanguage, languageOfPath, localizedPath } from '../i18n/language.utils';
import { paths } from './routes';

/**
 * The pages the router also mounts under each language URL (`/es/pricing`, `/tr/login`; app/router.tsx
 * `publicPages`, checked against it by its test): the public site, its articles and the sign-in forms.
 */
export const publicPagePaths = [
  paths.home,
  paths.pricing,
  paths.demo,
  paths.features,
  paths.integrations,
  paths.api,
  paths.about,
  paths.blog,
  paths.blogArticle,
  paths.careers,
  paths.contact,
  paths.help,
  paths.docs,
  paths.status,
  paths.privacy,
  paths.terms,
  paths.security,
  paths.compliance,
  paths.costCalculator,
  paths.marketingGallery,
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
] as const;

/** Whether a path (query and hash aside) is one of the public pages ('/blog/:slug' matches any article). */
export function isPublicPagePath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  const segments = pathname.split('/').filter(Boolean);
  return publicPagePaths.some((pattern) => {
    const parts = pattern.split('/').filter(Boolean);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
}

/**
 * A link from the page at `currentPath` to `path`: a public page keeps the language of the page's URL
 * (on `/es/pricing`, `/signup` -> `/es/signup`); other pages (the signed-in app) and bare-path pages
 * link as they are. The query and hash are kept.
 */
export function linkPath(path: string, currentPath: string): string {
  const language = languageOfPath(currentPath) ?? defaultLanguage;
  if (language === defaultLanguage || !isPublicPagePath(path)) return path;
  const cut = path.search(/[?#]/);
  const [pathname, rest] = cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
  return `${localizedPath(pathname, language)}${rest}`;
}

/**
 * `to` for every link of the public layout and pages: `const to = useLocalizedPath(); <Link to={to(paths.pricing)}>`
 * keeps a visitor on `/es/...` or `/tr/...` in that language's URLs, not sent to the English ones.
 */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  return useCallback((path: string) => linkPath(path, pathname), [pathname]);
}
