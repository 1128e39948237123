import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { publicUrlToken, type SiteContacts } from '@careloop/contracts/site-settings';
import type { AppLanguage } from '@careloop/domain/clinic-locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withSiteSettings } from './site-settings-html';

type Page = { body: Buffer; etag: string; encoded: Map<'br' | 'gzip', Buffer> };

/**
 * The web build's HTML files (the shell and the pre-rendered pages) with this server's PUBLIC_URL
 * written in (canonical links, hreflang alternates, og:url, og:image) and its public contacts (only
 * those set), held in memory and compressed on first request (the build's compressed twins still
 * hold the placeholders).
 */
export function createWebPages(distDir: string, publicUrl: string, contacts: SiteContacts) {
  const origin = publicUrl.replace(/\/+$/, '');
  const pages = new Map<string, Page>();

  /** `language`: the document's own (`<html lang>`), for a page read in one language before its script runs. */
  function load(file: string, language?: AppLanguage): Page | undefined {
    const key = language ? `${file}#${language}` : file;
    const cached = pages.get(key);
    if (cached) return cached;
    const full = path.join(distDir, file);
    if (!fs.existsSync(full)) return undefined;
    let html = withSiteSettings(fs.readFileSync(full, 'utf8').replaceAll(publicUrlToken, origin), {
      publicUrl: origin,
      contacts,
    });
    if (language) html = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
    const body = Buffer.from(html);
    const page = {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      encoded: new Map(),
    };
    pages.set(key, page);
    return page;
  }

  function encode(page: Page, encoding: 'br' | 'gzip'): Buffer {
    let body = page.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(page.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
              },
            })
          : zlib.gzipSync(page.body, { level: 9 });
      page.encoded.set(encoding, body);
    }
    return body;
  }

  return {
    has: (file: string) => load(file) !== undefined,
    /** Sends an HTML file of the build (relative to its folder) with the given status. */
    send(request: FastifyRequest, reply: FastifyReply, file: string, status = 200, language?: AppLanguage) {
      const page = load(file, language);
      if (!page) throw new Error(`${file} is not in the web build`);
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', page.etag);
      if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding || page.body.length < 1024) return reply.send(page.body);
      return reply.header('content-encoding', encoding).send(encode(page, encoding));
    },
    /**
     * Sends an HTML file of the build with `headEnd` written before `</head>`: one visitor's own
     * document (the signed-in shell with its first answers), so never stored by a cache, and sent
     * uncompressed (a compressed answer holding a session beside anything else would be a
     * compression oracle's input; the shell and its answers are a few kilobytes).
     */
    sendWithHead(reply: FastifyReply, file: string, headEnd: string) {
      const page = load(file);
      if (!page) throw new Error(`${file} is not in the web build`);
      const html = page.body.toString('utf8');
      const at = html.indexOf('</head>');
      return reply
        .status(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(at === -1 ? html : `${html.slice(0, at)}${headEnd}${html.slice(at)}`);
    },
  };
}
