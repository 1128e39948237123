import fs from 'node:fs';
import path from 'node:path';
import type { SiteContacts } from '@careloop/contracts/site-settings';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { firstAnswersElement, readFirstAnswers } from './first-answers';
import { declareScopeAccess } from './route-access';
import { securityTxt } from './security-txt';
import { type PageLanguages, robotsTxt, sitemapXml } from './site-maps';
import { createWebPages } from './web-pages';

/** Where the web build writes the public pages it pre-renders (ADR 002), beside the shell index.html. */
const pagesDir = 'pages';
/** The pre-rendered not-found page (public layout), sent with status 404 to signed-out visitors. */
const notFoundPage = '404.html';
/** The web build's list of the paths its router serves ('/patients/:id' matches one segment). */
const clientRoutesFile = 'client-routes.json';
/** The web build's pre-rendered pages in every language, for sitemap.xml. */
const publicPagesFile = 'public-pages.json';
/** better-auth's session cookie (cookiePrefix 'careloop'), with the __Secure- prefix behind TLS. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?careloop\.session_token=/;

/** Whether a path is one the web app's router serves (a page, not its Not found). */
export function isClientRoute(url: string, routes: readonly string[]): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const segments = pathname.split('/').filter(Boolean);
  return routes.some((route) => {
    const parts = route.split('/').filter(Boolean);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
}

/** Hashed file names under assets/ never change: cache them for a year. The rest is revalidated. */
export function cacheControlFor(filePath: string): string {
  // The file sent may be a compressed twin (page.html.br): its type is the original's.
  const relative = filePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (relative.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The pre-rendered page for a path, if any: '/' -> pages/index.html, '/pricing/' -> pages/pricing.html,
 * '/es/blog/x' -> pages/es_blog_x.html (the web build's pageFileName).
 */
export function prerenderedPageFor(url: string, pages: ReadonlySet<string>): string | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!/^(\/[a-z0-9-]+)*$/.test(trimmed) && trimmed !== '/') return undefined;
  const file = trimmed === '/' ? 'index.html' : `${trimmed.slice(1).replaceAll('/', '_')}.html`;
  return !isNotFoundPage(file) && pages.has(file) ? `${pagesDir}/${file}` : undefined;
}

/** 404.html, es_404.html...: sent only with status 404. */
const isNotFoundPage = (file: string) => file === notFoundPage || file.endsWith(`_${notFoundPage}`);

/** The not-found page in the language the path names (/es/nothing -> es_404.html), else the default one. */
export function notFoundPageFor(url: string, pages: ReadonlySet<string>): string | undefined {
  const first = (url.split(/[?#]/, 1)[0] ?? '/').split('/')[1] ?? '';
  const localized = `${first}_${notFoundPage}`;
  if (/^[a-z]{2}$/.test(first) && pages.has(localized)) return `${pagesDir}/${localized}`;
  return pages.has(notFoundPage) ? `${pagesDir}/${notFoundPage}` : undefined;
}

function readPublicPages(distDir: string): readonly PageLanguages[] {
  const file = path.join(distDir, publicPagesFile);
  if (!fs.existsSync(file)) return [];
  const pages: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(pages)) throw new Error(`${file} is not a list of pages`);
  return pages as PageLanguages[];
}

function readClientRoutes(distDir: string): readonly string[] | undefined {
  const file = path.join(distDir, clientRoutesFile);
  if (!fs.existsSync(file)) return undefined;
  const routes: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(routes) || !routes.every((route) => typeof route === 'string')) {
    throw new Error(`${file} is not a list of paths`);
  }
  return routes;
}

/**
 * Whether a path is sent as the build's file it names: every file of the build has an extension, so a
 * path without one (a client route, a folder) is never looked up; pages, compressed twins and the
 * files written here are served by the routes below.
 */
function isServedAsFile(pathName: string): boolean {
  return (
    /\/[^/]+\.[\w]+$/.test(pathName) &&
    !(
      pathName.startsWith(`/${pagesDir}/`) ||
      /\.(br|gz|html)$/.test(pathName) ||
      pathName === '/robots.txt' ||
      pathName === '/sitemap.xml' ||
      pathName === `/${publicPagesFile}`
    )
  );
}

/**
 * Serves the built web app: files with their brotli or gzip twin when the browser takes it, a
 * pre-rendered public page for its path, and index.html for any other client route (the client
 * router decides). A path the router does not serve is a real 404, not a 200 shell: with the
 * pre-rendered not-found page in the public layout, or, when the request carries a session cookie,
 * with the shell, whose router then shows Not found inside the signed-in layout (the cookie only
 * picks the likely layout; the browser checks the session). Without the build's route list
 * (an older build) every path is the router's.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string,
  contacts: SiteContacts,
) {
  const indexPath = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const pages = new Set(
    hasWeb && fs.existsSync(path.join(distDir, pagesDir))
      ? fs.readdirSync(path.join(distDir, pagesDir)).filter((file) => file.endsWith('.html'))
      : [],
  );
  const clientRoutes = hasWeb ? readClientRoutes(distDir) : undefined;
  const html = createWebPages(distDir, publicUrl, contacts);
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl, hasWeb ? readPublicPages(distDir) : []);
  // The files and the fallback share one scope: fastify-static decorates `reply.sendFile` there.
  await app.register(async (files) => {
    declareScopeAccess(files, 'public');
    if (hasWeb) {
      await files.register(fastifyStatic, {
        root: distDir,
        // One route for every file, looked up when asked: a route a file (the build's ~300 files,
        // found by a glob of the folder, each with its HEAD twin) took a quarter of the server's
        // start. A path that is no file falls through to the not-found handler below.
        wildcard: true,
        index: false,
        dotfiles: 'ignore',
        preCompressed: true,
        // The pages are served under their own paths, and the compressed twins only as encodings.
        // HTML comes from `html` (PUBLIC_URL written in); robots.txt and sitemap.xml are written here.
        allowedPath: (pathName: string) => isServedAsFile(pathName),
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(filePath));
        },
      });
    }
    files.get('/robots.txt', (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    files.get('/.well-known/security.txt', (_request, reply) => {
      const text = securityTxt(publicUrl, contacts.security, new Date());
      if (!text) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(text);
    });
    files.get('/sitemap.xml', (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
    );
    files.setNotFoundHandler(
      { preHandler: files.rateLimit({ max: 300, timeWindow: 60_000, groupId: 'web-pages' }) },
      async (request, reply) => {
        const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sandbox/');
        if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
          return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
        }
        const signedIn = sessionCookie.test(request.headers.cookie ?? '');
        if (!clientRoutes || isClientRoute(request.url, clientRoutes)) {
          const prerendered = prerenderedPageFor(request.url, pages);
          if (prerendered) return html.send(request, reply, prerendered);
          if (!signedIn || request.method !== 'GET') return html.send(request, reply, 'index.html');
          // The shell of a signed-in page carries the answers its first screen would ask for next.
          const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
          const first = await readFirstAnswers(app, request, pathname).catch((error: unknown) => {
            // The shell alone still works: the browser then asks for what it needs itself.
            request.log.warn({ err: error }, 'first answers not read');
            return null;
          });
          if (!first) return html.send(request, reply, 'index.html');
          if (first.setCookies.length > 0) reply.header('set-cookie', first.setCookies);
          return html.sendWithHead(reply, 'index.html', firstAnswersElement(first.answers));
        }
        const notFound = signedIn ? undefined : notFoundPageFor(request.url, pages);
        return html.send(request, reply, notFound ?? 'index.html', 404);
      },
    );
  });
}
