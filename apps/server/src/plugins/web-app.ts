import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declareScopeAccess } from './route-access';

/** Where the web build writes the public pages it pre-renders (ADR 002), beside the shell index.html. */
const pagesDir = 'pages';

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
  return pages.has(file) ? `${pagesDir}/${file}` : undefined;
}

/**
 * Serves the built web app: files with their brotli or gzip twin when the browser takes it, a
 * pre-rendered public page for its path, and index.html for any other client route (the client
 * router decides).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const pages = new Set(
    hasWeb && fs.existsSync(path.join(distDir, pagesDir))
      ? fs.readdirSync(path.join(distDir, pagesDir)).filter((file) => file.endsWith('.html'))
      : [],
  );
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
        return reply.sendFile(prerenderedPageFor(request.url, pages) ?? 'index.html');
      },
    );
  });
}
