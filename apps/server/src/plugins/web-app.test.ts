import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  isClientRoute,
  notFoundPageFor,
  prerenderedPageFor,
  registerWebApp,
} from './web-app';

// A built web app in miniature: the shell, one pre-rendered page and one hashed asset, each with
// the compressed twins the web build writes.
const shell = '<!doctype html><div id="root"></div>';
const pricing = `<!doctype html><div id="root" data-prerendered="en"><h1>Choose Your Plan</h1>${'x'.repeat(2000)}</div>`;
const script = `console.log(${JSON.stringify('y'.repeat(4000))});`;
const publicUrl = 'https://clinics.careloop.test/';
/** A page as the build writes it: the site's address left for the server to fill in. */
const pricingEs = `<!doctype html><html lang="es"><head><link rel="canonical" href="%PUBLIC_URL%/es/pricing"><link rel="alternate" hreflang="en" href="%PUBLIC_URL%/pricing"><meta property="og:image" content="%PUBLIC_URL%/og-image.png"></head><div id="root" data-prerendered="es"><h1>Elige tu plan</h1>${'x'.repeat(2000)}</div>`;
const pricingEsServed = pricingEs.replaceAll('%PUBLIC_URL%', 'https://clinics.careloop.test');
/** A page showing contacts as the build writes it: each one the server fills in or drops. */
const contact = `<!doctype html><div id="root" data-prerendered="en"><div data-contact-if="sales"><p>Sales</p><a href="mailto:%CONTACT_sales%">%CONTACT_sales%</a></div><div data-contact-if="support"><p>Support</p><a href="mailto:%CONTACT_support%">%CONTACT_support%</a></div></div><script type="application/json" id="site-settings">%SITE_SETTINGS%</script>`;
const contacts = { sales: 'sales@clinicflow.test', security: 'security@clinicflow.test' };

function writeWithTwins(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

let app: FastifyInstance;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-web-'));
  writeWithTwins(path.join(distDir, 'index.html'), shell);
  writeWithTwins(path.join(distDir, 'pages/pricing.html'), pricing);
  writeWithTwins(path.join(distDir, 'pages/es_pricing.html'), pricingEs);
  writeWithTwins(path.join(distDir, 'pages/contact.html'), contact);
  writeWithTwins(path.join(distDir, 'assets/index-AbC123.js'), script);
  fs.writeFileSync(path.join(distDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  fs.writeFileSync(
    path.join(distDir, 'public-pages.json'),
    JSON.stringify([{ en: '/pricing', es: '/es/pricing', tr: '/tr/pricing' }]),
  );
  fs.writeFileSync(path.join(distDir, 'sitemap.xml'), '<urlset>https://careloop.example/</urlset>');
  fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\n');
  app = Fastify();
  await app.register(rateLimit, { global: false });
  await registerWebApp(app, distDir, publicUrl, contacts);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers a pre-rendered page for its path, brotli-compressed when the browser takes it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(pricing);
  });

  it('shows the contacts the settings set and drops the unset ones, the browser app told the same', async () => {
    const res = await app.inject({ method: 'GET', url: '/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="mailto:sales@clinicflow.test">sales@clinicflow.test</a>');
    expect(res.body).not.toContain('Support');
    expect(res.body).not.toContain('%CONTACT_');
    expect(res.body).toContain(
      '{"publicUrl":"https://clinics.careloop.test","contacts":{"sales":"sales@clinicflow.test","security":"security@clinicflow.test"}}',
    );
  });

  it('answers security.txt with the security contact', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(
      /^Contact: mailto:security@clinicflow\.test\nExpires: \d{4}-\d\d-\d\dT00:00:00\.000Z\n/,
    );
    expect(res.body).toContain('Canonical: https://clinics.careloop.test/.well-known/security.txt\n');
  });

  it('answers /favicon.ico from the build', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(Buffer.from([0, 0, 1, 0, 0, 0]));
  });

  it('answers the same page with a trailing slash or a query, and as is without compression', async () => {
    for (const url of ['/pricing/', '/pricing?plan=starter']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(pricing);
    }
  });

  it('answers the shell for the other client routes, and never a page under its file name', async () => {
    for (const url of ['/', '/dashboard', '/blog/some-article', '/pages/pricing.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(shell);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it.each([
    ['a page under its file name', '/pages/pricing.html'],
    ['the shell under its file name', '/index.html'],
    ['a compressed twin under its own name', '/assets/index-AbC123.js.br'],
    ['the list of pages', '/public-pages.json'],
    ['a folder', '/assets/'],
    ['a folder without its slash', '/assets'],
    ['a dot file', '/.env'],
    ['a path out of the build', '/assets/../../etc/passwd'],
    ['an encoded path out of the build', '/assets/%2e%2e/%2e%2e/etc/passwd'],
  ])('never sends %s as a file (%s): the client router answers it', async (_what, url) => {
    fs.writeFileSync(path.join(distDir, '.env'), 'SECRET=1');
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(shell);
  });

  it('serves hashed assets gzip-compressed when asked, cached for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('answers a page at its language URL with PUBLIC_URL written in, compressed or not', async () => {
    const plain = await app.inject({ method: 'GET', url: '/es/pricing' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(pricingEsServed);
    expect(plain.body).toContain('<link rel="canonical" href="https://clinics.careloop.test/es/pricing">');
    expect(plain.body).not.toContain('%PUBLIC_URL%');
    const br = await app.inject({ method: 'GET', url: '/es/pricing', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(pricingEsServed);
    const gz = await app.inject({
      method: 'GET',
      url: '/es/pricing/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(pricingEsServed);
  });

  it('answers 304 to a browser that holds the page already', async () => {
    const first = await app.inject({ method: 'GET', url: '/pricing' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('writes robots.txt and sitemap.xml for PUBLIC_URL, with every language of every page', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body).toContain('Sitemap: https://clinics.careloop.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).not.toContain('careloop.example');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).not.toContain('careloop.example');
    for (const path of ['/pricing', '/es/pricing', '/tr/pricing']) {
      expect(sitemap.body).toContain(`<loc>https://clinics.careloop.test${path}</loc>`);
    }
    expect(sitemap.body.match(/<url>/g)).toHaveLength(3);
    expect(sitemap.body).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://clinics.careloop.test/pricing"/>',
    );
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('paths the web app does not serve', () => {
  const notFound = `<!doctype html><div id="root" data-prerendered="en"><h1>Page not found</h1>${'x'.repeat(2000)}</div>`;
  const notFoundEs =
    '<!doctype html><div id="root" data-prerendered="es"><h1>Página no encontrada</h1></div>';
  let routed: FastifyInstance;
  let routedDir: string;
  beforeAll(async () => {
    routedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-web-'));
    writeWithTwins(path.join(routedDir, 'index.html'), shell);
    writeWithTwins(path.join(routedDir, 'pages/pricing.html'), pricing);
    writeWithTwins(path.join(routedDir, 'pages/404.html'), notFound);
    writeWithTwins(path.join(routedDir, 'pages/es_404.html'), notFoundEs);
    fs.writeFileSync(
      path.join(routedDir, 'client-routes.json'),
      JSON.stringify(['/', '/pricing', '/es/pricing', '/dashboard', '/patients/:id', '/blog/known-article']),
    );
    routed = Fastify();
    await routed.register(rateLimit, { global: false });
    await registerWebApp(routed, routedDir, publicUrl, {});
    await routed.ready();
  });
  afterAll(async () => {
    await routed?.close();
    fs.rmSync(routedDir, { recursive: true, force: true });
  });

  it('answers 404 to security.txt when the settings name no security contact', async () => {
    const res = await routed.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 with the pre-rendered not-found page to a signed-out visitor', async () => {
    for (const url of [
      '/no-such-page',
      '/blog/unknown-article',
      '/pricing/extra',
      '/404',
      '/pages/404.html',
    ]) {
      const res = await routed.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(notFound);
    }
  });

  it('answers 404 in the language a path names (/es/..., /tr/...)', async () => {
    for (const url of ['/es/no-such-page', '/es/pricing/extra', '/es/dashboard']) {
      const res = await routed.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(notFoundEs);
    }
    // No Turkish not-found page in this build: the default one.
    const tr = await routed.inject({ method: 'GET', url: '/tr/nothing' });
    expect(tr.statusCode).toBe(404);
    expect(tr.body).toBe(notFound);
    expect((await routed.inject({ method: 'GET', url: '/es/pricing' })).statusCode).toBe(200);
  });

  it('answers 404 with the shell when a session cookie is sent, so the browser shows the signed-in layout', async () => {
    for (const cookie of ['careloop.session_token=abc.def', 'a=1; __Secure-careloop.session_token=abc']) {
      const res = await routed.inject({ method: 'GET', url: '/no-such-page', headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(shell);
    }
  });

  it('keeps answering the routes the web app serves with 200', async () => {
    for (const [url, body] of [
      ['/', shell],
      ['/pricing/', pricing],
      ['/dashboard?tab=1', shell],
      ['/patients/123', shell],
      ['/blog/known-article', shell],
    ] as const) {
      const res = await routed.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(body);
    }
    const api = await routed.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('isClientRoute', () => {
  it('matches a route segment by segment, a parameter standing for one segment', () => {
    const routes = ['/', '/patients', '/patients/:id'];
    expect(isClientRoute('/', routes)).toBe(true);
    expect(isClientRoute('/patients/', routes)).toBe(true);
    expect(isClientRoute('/patients/p1?x=1', routes)).toBe(true);
    expect(isClientRoute('/patients/p1/notes', routes)).toBe(false);
    expect(isClientRoute('/patient', routes)).toBe(false);
  });
});

describe('prerenderedPageFor', () => {
  const pages = new Set(['index.html', 'pricing.html', 'cost-calculator.html']);
  it('maps a path to its page file, or to nothing', () => {
    expect(prerenderedPageFor('/', pages)).toBe('pages/index.html');
    expect(prerenderedPageFor('/cost-calculator#estimate', pages)).toBe('pages/cost-calculator.html');
    expect(prerenderedPageFor('/login', pages)).toBeUndefined();
    expect(prerenderedPageFor('/../pricing', pages)).toBeUndefined();
    expect(prerenderedPageFor('/Pricing', pages)).toBeUndefined();
  });

  it('maps language URLs and articles to their files, and never a not-found page', () => {
    const localized = new Set(['es_pricing.html', 'tr.html', 'blog_known.html', 'es_404.html', '404.html']);
    expect(prerenderedPageFor('/es/pricing/', localized)).toBe('pages/es_pricing.html');
    expect(prerenderedPageFor('/tr', localized)).toBe('pages/tr.html');
    expect(prerenderedPageFor('/blog/known', localized)).toBe('pages/blog_known.html');
    expect(prerenderedPageFor('/es_pricing', localized)).toBeUndefined();
    expect(prerenderedPageFor('/es/404', localized)).toBeUndefined();
    expect(prerenderedPageFor('/404', localized)).toBeUndefined();
    expect(prerenderedPageFor('/es//pricing', localized)).toBeUndefined();
  });
});

describe('notFoundPageFor', () => {
  it('picks the not-found page of the language the path names', () => {
    const pages = new Set(['404.html', 'es_404.html']);
    expect(notFoundPageFor('/es/x', pages)).toBe('pages/es_404.html');
    expect(notFoundPageFor('/es', pages)).toBe('pages/es_404.html');
    expect(notFoundPageFor('/tr/x', pages)).toBe('pages/404.html');
    expect(notFoundPageFor('/x', pages)).toBe('pages/404.html');
    expect(notFoundPageFor('/x', new Set())).toBeUndefined();
  });
});

describe('cacheControlFor', () => {
  it('judges a compressed twin by the file it stands for', () => {
    expect(cacheControlFor(path.join('dist', 'pages', 'pricing.html.br'))).toBe('no-cache');
    expect(cacheControlFor(path.join('dist', 'assets', 'index-AbC123.css.gz'))).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});
