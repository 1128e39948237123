// Build step run by vite.config.ts after the client and server builds (ADR 002): writes the public
// pages as HTML (dist/pages/*.html, served by the server for those paths), then a brotli and a
// gzip copy of every text asset for the server to send as they are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
// The server writes its PUBLIC_URL and settings in place of these (apps/server/src/plugins/web-pages.ts).
import { publicUrlToken, siteSettingsElementId, siteSettingsToken } from '@careloop/contracts/site-settings';
import {
  defaultLanguage,
  localizedPath,
  type SupportedLanguage,
  supportedLanguages,
} from './src/i18n/language.utils';
import { appFilesElementId } from './src/lib/first-interaction';
import { publicUrlMetaName } from './src/lib/public-origin';
import {
  classNamesIn,
  criticalCss,
  withoutUnreadCustomProperties,
  withWholeComponents,
} from './src/prerender/critical-css';

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = typeof import('./src/prerender/render-page');
type RenderedPage = Awaited<ReturnType<ServerEntry['renderPage']>>;

export const pagesDir = 'pages';
/** The pre-rendered pages in every language, for the server's sitemap.xml. */
export const publicPagesFile = 'public-pages.json';

/**
 * '/' -> index.html, '/cost-calculator' -> cost-calculator.html, '/es/blog/x' -> es_blog_x.html (the
 * server maps paths the same way).
 */
export function pageFileName(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1).replaceAll('/', '_')}.html`;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Every file a chunk needs before it can run: itself and its static imports, depth first. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file]);
  for (const imported of chunk.imports ?? []) {
    for (const file of chunkFiles(manifest, imported, seen)) files.add(file);
  }
  return files;
}

/**
 * A pre-rendered page paints without its scripts: the style sheet is asked for first, and the
 * scripts (and the chunks they preload) at low priority, so they do not compete with it.
 */
function lowerScriptPriority(html: string): string {
  // The style sheet is what the first paint waits for: it goes first, before the script requests.
  const styleSheet = html.match(/\n\s*<link rel="stylesheet"[^>]*>/)?.[0];
  const withStyleFirst = styleSheet
    ? html
        .replace(styleSheet, '')
        .replace(/(<meta name="viewport"[^>]*>)/, (viewport) => `${viewport}${styleSheet}`)
    : html;
  return withStyleFirst
    .replace(
      /<script type="module" crossorigin src=/g,
      '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

/** The files the app needs to start on a page, listed for the entry to fetch once the page has loaded. */
function appFilesScript(files: readonly string[]): string {
  return `    <script type="application/json" id="${appFilesElementId}">${JSON.stringify(files.map((file) => `/${file}`))}</script>\n`;
}

/** The head of a page in one language: its canonical URL and its twins in the other languages. */
export function languageLinks(routePath: string, language: SupportedLanguage): string {
  const url = (language_: SupportedLanguage) => `${publicUrlToken}${localizedPath(routePath, language_)}`;
  return [
    `    <link rel="canonical" href="${url(language)}">`,
    ...supportedLanguages.map(
      (other) => `    <link rel="alternate" hreflang="${other}" href="${url(other)}">`,
    ),
    `    <link rel="alternate" hreflang="x-default" href="${url(defaultLanguage)}">`,
    `    <meta property="og:url" content="${url(language)}">`,
  ]
    .map((line) => `${line}\n`)
    .join('');
}

/** Open Graph names a language with its region. */
const ogLocales: Record<SupportedLanguage, string> = { en: 'en_US', es: 'es_ES', tr: 'tr_TR' };

/** og:locale of the page's language, its twins' as alternates. */
export function openGraphLocales(language: SupportedLanguage): string {
  return [
    `    <meta property="og:locale" content="${ogLocales[language]}">\n`,
    ...supportedLanguages
      .filter((other) => other !== language)
      .map((other) => `    <meta property="og:locale:alternate" content="${ogLocales[other]}">\n`),
  ].join('');
}

/** schema.org data as JSON-LD; nothing in it may close the script element. */
export function jsonLdScripts(data: readonly unknown[]): string {
  return data
    .map(
      (item) =>
        `    <script type="application/ld+json">${JSON.stringify(item).replaceAll('<', '\\u003c')}</script>\n`,
    )
    .join('');
}

function setMetaContent(html: string, attribute: 'name' | 'property', key: string, content: string) {
  const pattern = new RegExp(`(<meta ${attribute}="${key}" content=")[^"]*(")`);
  if (!pattern.test(html)) throw new Error(`index.html has no <meta ${attribute}="${key}">`);
  return html.replace(pattern, (_match, start: string, end: string) => start + escapeHtml(content) + end);
}

export async function prerenderPublicPages(options: { distDir: string; serverEntry: string }) {
  const { distDir } = options;
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the client manifest has no entry');
  const entryFiles = chunkFiles(manifest, entryKey);
  // The entry is small and loads one chunk, the app (app/start-app.tsx, in the chunk vite.config.ts
  // groups it in): a page that starts at once preloads it.
  const appChunks = manifest[entryKey]?.dynamicImports ?? [];
  if (appChunks.length !== 1 || !appChunks[0]) {
    throw new Error(`the entry should load the app alone, it loads ${appChunks.join(', ') || 'nothing'}`);
  }
  const appFiles = [...chunkFiles(manifest, appChunks[0])];
  const namespaceFile = (language: string, namespace: string) => {
    const chunk = manifest[`src/i18n/${language}/${namespace}.json`];
    if (!chunk) throw new Error(`no chunk for the ${language}/${namespace} translations`);
    return chunk.file;
  };
  const preloads = (files: Iterable<string>, priority = '') =>
    [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `    <link rel="modulepreload" crossorigin${priority} href="/${file}">\n`)
      .join('');
  const startup = (language: string) => ['common', 'errors'].map((ns) => namespaceFile(language, ns));

  // og:image is absolute: the server writes its address in (publicUrlToken), so is the address the
  // pages' examples show (lib/public-origin.ts reads it from the meta), and its settings for the app
  // (the public contacts that are set) in the script element before the app's.
  const base = fs
    .readFileSync(path.join(distDir, 'index.html'), 'utf8')
    .replace('<meta property="og:image" content="/', `<meta property="og:image" content="${publicUrlToken}/`)
    .replace('  </head>', `    <meta name="${publicUrlMetaName}" content="${publicUrlToken}">\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"></div>\n    <script type="application/json" id="${siteSettingsElementId}">${siteSettingsToken}</script>`,
    );
  // The shell (index.html) serves every other client route: it preloads the start-up translations.
  const template = base.replace(
    '  </head>',
    `${preloads([...appFiles, ...startup(defaultLanguage)])}  </head>`,
  );
  fs.writeFileSync(path.join(distDir, 'index.html'), template);

  const server = (await import(pathToFileURL(options.serverEntry).href)) as ServerEntry;
  const rendered: {
    path: string;
    routePath: string;
    language: SupportedLanguage;
    page: RenderedPage;
    files: Set<string>;
    hydratesOnInteraction: boolean;
  }[] = [];
  for (const page of server.prerenderedPages) {
    const modules = [page.module, ...(page.alsoLoads ?? [])];
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${page.path}: ${module} is not a chunk of the build`);
    }
    for (const language of supportedLanguages) {
      const url = localizedPath(page.path, language);
      const result = await server.renderPage(url);
      if (!result.meta) throw new Error(`${url} set no page meta`);
      if (result.language !== language) throw new Error(`${url} rendered in ${result.language}`);
      const files = new Set([
        ...appFiles,
        ...modules.flatMap((module) => [...chunkFiles(manifest, module)]),
        ...startup(language),
        ...result.namespaces.map((namespace) => namespaceFile(language, namespace)),
      ]);
      const hydratesOnInteraction = page.hydrateOn === 'interaction';
      rendered.push({
        path: url,
        routePath: page.path,
        language,
        page: result,
        files,
        hydratesOnInteraction,
      });
    }
  }

  // The pages' first paint needs only the rules their HTML can use (and what the browser adds
  // without being asked): one small style sheet for them all; the whole sheet follows without
  // blocking the paint nor being parsed at load, and applies once the visitor acts (src/lib/full-styles.ts).
  const styleLink = base.match(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/);
  if (!styleLink?.[1]) throw new Error('index.html has no style sheet');
  const used = withWholeComponents(
    new Set(rendered.flatMap(({ page }) => [...classNamesIn(page.html)])),
    server.mantineClassNames,
  );
  const critical = withoutUnreadCustomProperties(
    criticalCss(fs.readFileSync(path.join(distDir, styleLink[1]), 'utf8'), used),
    rendered.map(({ page }) => page.html),
  );
  const criticalFile = `assets/public-${createHash('sha256').update(critical).digest('base64url').slice(0, 8)}.css`;
  fs.writeFileSync(path.join(distDir, criticalFile), critical);
  const pageTemplate = lowerScriptPriority(base)
    .replace(styleLink[0], () => `<link rel="stylesheet" href="/${criticalFile}">`)
    .replace(
      '  </head>',
      () =>
        `    <link rel="prefetch" as="style" crossorigin href="/${styleLink[1]}" data-full-styles>\n  </head>`,
    );

  fs.mkdirSync(path.join(distDir, pagesDir), { recursive: true });
  for (const { path: url, routePath, language, page, files, hydratesOnInteraction } of rendered) {
    const meta = page.meta ?? { title: '', description: '' };
    const isNotFound = routePath === server.notFoundPath;
    // A not-found page is nobody's canonical page and stays out of search results.
    const head = isNotFound
      ? '    <meta name="robots" content="noindex">\n'
      : `${languageLinks(routePath, language)}${openGraphLocales(language)}${jsonLdScripts(page.structuredData)}`;
    // A page that starts at once preloads its code; one that waits for the visitor has its code
    // fetched into the cache once it has loaded (main.tsx), so that nothing competes with its paint.
    const code = hydratesOnInteraction
      ? appFilesScript([...files].filter((file) => !entryFiles.has(file)))
      : preloads(files, ' fetchpriority="low"');
    const rootAttributes = `data-prerendered="${language}"${hydratesOnInteraction ? ' data-hydrate="on-interaction"' : ''}`;
    let html = pageTemplate
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace('  </head>', () => `${head}${code}  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root" ${rootAttributes}>${page.html}</div>`);
    html = setMetaContent(html, 'name', 'description', meta.description);
    html = setMetaContent(html, 'property', 'og:title', meta.title);
    html = setMetaContent(html, 'property', 'og:description', meta.description);
    html = setMetaContent(html, 'property', 'og:type', meta.type ?? 'website');
    fs.writeFileSync(path.join(distDir, pagesDir, pageFileName(url)), html);
  }
  // The sign-in forms render in the browser only: the shell, with their own head in each language.
  for (const page of server.headOnlyPages) {
    const modules = [page.module, ...(page.alsoLoads ?? [])];
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${page.path}: ${module} is not a chunk of the build`);
    }
    const namespaces = [...new Set([page.meta.title, page.meta.description].map((key) => key.split(':')[0]))];
    for (const language of supportedLanguages) {
      const url = localizedPath(page.path, language);
      const meta = await server.headOnlyPageMeta(language, page.meta);
      const files = new Set([
        ...modules.flatMap((module) => [...chunkFiles(manifest, module)]),
        ...namespaces.map((namespace) => namespaceFile(language, namespace ?? '')),
      ]);
      const head = `${languageLinks(page.path, language)}${openGraphLocales(language)}${preloads([...files].filter((file) => !startup(defaultLanguage).includes(file) && !appFiles.includes(file)))}`;
      let html = template
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
        .replace('  </head>', () => `${head}  </head>`);
      // The shell preloads the English start-up translations; this page starts in its own language.
      if (language !== defaultLanguage) {
        for (const [english, own] of startup(defaultLanguage).map((file, i) => [file, startup(language)[i]]))
          html = html.replace(`href="/${english}"`, `href="/${own}"`);
      }
      html = setMetaContent(html, 'name', 'description', meta.description);
      html = setMetaContent(html, 'property', 'og:title', meta.title);
      html = setMetaContent(html, 'property', 'og:description', meta.description);
      fs.writeFileSync(path.join(distDir, pagesDir, pageFileName(url)), html);
    }
  }
  const sitemapPages = server.prerenderedPages
    .filter((page) => page.path !== server.notFoundPath)
    .map((page) =>
      Object.fromEntries(
        supportedLanguages.map((language) => [language, localizedPath(page.path, language)]),
      ),
    );
  fs.writeFileSync(path.join(distDir, publicPagesFile), JSON.stringify(sitemapPages));
  // The server answers every other path with 404 (apps/server/src/plugins/web-app.ts).
  fs.writeFileSync(path.join(distDir, 'client-routes.json'), JSON.stringify(server.clientRoutes));
  // The manifest served its purpose; it is not for the public.
  fs.rmSync(path.join(distDir, '.vite'), { recursive: true, force: true });
}

const compressible = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes file.br and file.gz beside each text file over 1 KiB, when they are smaller. */
export async function compressAssets(distDir: string) {
  for (const file of walk(distDir)) {
    // The pages are compressed by the server once it has written its address into them.
    if (!compressible.test(file) || path.relative(distDir, file).startsWith(`${pagesDir}${path.sep}`))
      continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}
