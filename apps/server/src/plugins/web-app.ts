import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declareScopeAccess } from './route-access';

/** Where the web build writes the public pages it pre-renders (ADR 002), beside the shell index.html. */
const pagesDir = 'pages';
/** The pre-rendered not-found page (public layout), sent with status 404 to signed-out visitors. */
const notFoundPage = '404.html';
/** The web build's list of the paths its router serves ('/patients/:id' matches one segment). */
const clientRoutesFile = 'client-routes.json';
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

/** The pre-rendered page for a path ('/' -> pages/index.html, '/pricing/' -> pages/pricing.html), if any. */
export function prerenderedPageFor(url: string, pages: ReadonlySet<string>): string | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!/^\/[a-z0-9-]*$/.test(trimmed)) return undefined;
  const file = trimmed === '/' ? 'index.html' : `${trimmed.slice(1)}.html`;
  return file !== notFoundPage && pages.has(file) ? `${pagesDir}/${file}` : undefined;
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
 * Serves the built web app: files with their brotli or gzip twin when the browser takes it, a
 * pre-rendered public page for its path, and index.html for any other client route (the client
 * router decides). A path the router does not serve is a real 404 (issue 17): with the
 * pre-rendered not-found page in the public layout, or, when the request carries a session cookie,
 * with the shell, whose router then shows Not found inside the signed-in layout (the cookie only
 * picks the likely layout; the browser checks the session). Without the build's route list
 * (an older build) every path is the router's.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const pages = new Set(
    hasWeb && fs.existsSync(path.join(distDir, pagesDir))
      ? fs.readdirSync(path.join(distDir, pagesDir)).filter((file) => file.endsWith('.html'))
      : [],
  );
  const clientRoutes = hasWeb ? readClientRoutes(distDir) : undefined;
  // The files and the fallback share one scope: fastify-static decorates `reply.sendFile` there.
  await app.register(async (files) => {
    declareScopeAccess(files, 'public');
    if (hasWeb) {
      await files.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The pages are served under their own paths, and the compressed twins only as encodings.
        globIgnore: [`${pagesDir}/**`, '**/*.br', '**/*.gz'],
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(filePath));
        },
      });
    }
    files.setNotFoundHandler(
      { preHandler: files.rateLimit({ max: 300, timeWindow: 60_000, groupId: 'web-pages' }) },
      (request, reply) => {
        const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sandbox/');
        if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
          return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
        }
        if (!clientRoutes || isClientRoute(request.url, clientRoutes)) {
          return reply.sendFile(prerenderedPageFor(request.url, pages) ?? 'index.html');
        }
        const signedIn = sessionCookie.test(request.headers.cookie ?? '');
        // fastify-static keeps a status other than 200.
        reply.status(404);
        return reply.sendFile(
          !signedIn && pages.has(notFoundPage) ? `${pagesDir}/${notFoundPage}` : 'index.html',
        );
      },
    );
  });
}
