import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { defaultLanguage, languageOfPath, localizedPath, unlocalizedPath } from '../i18n/language.utils';
import { paths } from '../lib/routes';
import { articlePath, blogArticles } from '../public/blog-articles';

/**
 * The paths the router serves with a page, for the server to answer every other path with a real
 * 404 (the build writes them to dist/client-routes.json): catch-alls and the routes that show Not
 * found are left out, '/blog/:slug' stands for each article, other parameters for one segment.
 */
export function clientRoutePatterns(routes: readonly RouteObject[], parent = '/'): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent : route.path === undefined ? parent : joinPath(parent, route.path);
    const children = route.children ? clientRoutePatterns(route.children, own) : [];
    const showsPage = route.index || route.path !== undefined;
    if (
      !showsPage ||
      own.includes('*') ||
      (isValidElement(route.element) && route.element.type === NotFoundPage)
    )
      return children;
    const language = languageOfPath(own);
    const expanded =
      unlocalizedPath(own) === paths.blogArticle
        ? blogArticles.map((article) => localizedPath(articlePath(article), language ?? defaultLanguage))
        : [own];
    return [...expanded, ...children];
  });
}

/** A child route's full path: absolute as it is, relative under its parent's. */
function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return parent.endsWith('/') ? `${parent}${path}` : `${parent}/${path}`;
}
