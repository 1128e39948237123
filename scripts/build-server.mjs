// The server as JavaScript (apps/server/dist): production runs it, so start-up compiles no TypeScript.
// One CommonJS bundle of apps/server/src/main.ts (dist/main.cjs, run by dist/server.mjs) with the workspace packages
// (@careloop/domain, @careloop/contracts: TypeScript sources) and nearly every npm package inside
// (externalPackages, below, says which stay imports of node_modules and why). The SQL
// migrations are copied beside the bundle, where db/migrate.ts looks for them.
//
// `node scripts/build-server.mjs --if-stale` builds only when the sources changed since the last
// build: a SHA-256 of every input file's path and content (not mtimes: a checkout or copy changes
// those without changing the code) is kept in dist/build-stamp.txt.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const distDir = path.join(serverDir, 'dist');
const stampFile = path.join(distDir, 'build-stamp.txt');
const inputRoots = ['apps/server/src', 'packages/domain/src', 'packages/contracts/src'];
const inputFiles = ['package-lock.json', 'scripts/build-server.mjs', 'scripts/server-launcher.mjs'];

const isTestFile = (file) => /\.test\.ts$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (!isTestFile(full)) out.push(full);
  }
  return out;
}

/** The fingerprint of everything the bundle is made from (tests left out). */
export function sourceFingerprint(base = root) {
  const files = [
    ...inputRoots.flatMap((dir) => listFiles(path.join(base, dir))),
    ...inputFiles.map((file) => path.join(base, file)).filter((file) => fs.existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(base, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isBuildFresh(fingerprint = sourceFingerprint()) {
  if (!fs.existsSync(path.join(distDir, 'server.mjs')) || !fs.existsSync(stampFile)) return false;
  return fs.readFileSync(stampFile, 'utf8').trim() === fingerprint;
}

/**
 * Every npm package is compiled into the bundle except those below. A start used to resolve, read
 * and compile ~1,400 modules one by one (better-auth and Drizzle bundled already; kysely, zod,
 * libphonenumber-js, ajv, the spreadsheet readers ... not): a CPU profile of a start had module
 * loading as its largest part. Kept as imports of node_modules:
 * - PGlite: it loads its WebAssembly and data files beside its own module;
 * - pg: OpenTelemetry's pg instrumentation wraps the module as it is imported (tracing on);
 * - OpenTelemetry and prom-client: imported only when traces or metrics are configured.
 */
const externalPackages =
  /^(@electric-sql\/pglite|pg|pg-native|pg-cloudflare|@fastify\/otel|prom-client)(\/|$)|^@opentelemetry\//;
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      externalPackages.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * In the CommonJS bundle, esbuild keeps `import()` of a package left outside (prom-client,
 * OpenTelemetry's API) and of Node's own modules as it is. Run through `vm.Script`, such an import
 * needs Node's experimental default loader for scripts, which warns on stderr when used. Each becomes
 * a `require` behind the same promise instead: still loaded only when first asked for.
 */
const dynamicImportsAsRequire = {
  name: 'dynamic-imports-as-require',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'dynamic-import' && (externalPackages.test(args.path) || isBuiltin(args.path))
        ? { path: args.path, namespace: 'required-on-first-use' }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'required-on-first-use' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * esbuild escapes the letters of strings but leaves regular expressions as written, and a few of
 * ours hold Spanish and Turkish letters and emoji: one such letter made the whole 6 MB source a
 * two-byte string, decoded from UTF-8 at every start. Escaped (`\\uXXXX`, a surrogate pair as two,
 * which a /u expression reads as one code point) the file is ASCII and is read as one byte a letter:
 * ~20 ms less CPU a start here. A tagged template's raw text would change, and none of the bundle's
 * non-ASCII text is one (they are regular expressions and one licence comment); columns after such a
 * letter on its line are off in the source map by five a letter.
 */
export function escapeNonAscii(text) {
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `outDir`: apps/server/dist, or a folder of a test's own (`--out-dir`) beside it. */
export async function buildServer({ outDir = distDir } = {}) {
  const fingerprint = sourceFingerprint();
  fs.rmSync(outDir, { recursive: true, force: true });
  const shared = {
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    // Whitespace and constant folding only: names stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  };
  await Promise.all([
    // The server: one CommonJS file, which dist/server.mjs (scripts/server-launcher.mjs) runs through
    // V8's code cache of a whole start. What is imported with import() (spreadsheets, mail, the
    // common-password list) stays behind a function that loads it on first use.
    build({
      ...shared,
      entryPoints: { main: path.join(serverDir, 'src/main.ts') },
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      // Code that finds files from its own folder (config.ts the web app, migrate.ts the migrations).
      define: { 'import.meta.dirname': '__dirname' },
      plugins: [dynamicImportsAsRequire, keepPackagesExternal],
    }),
    // OpenTelemetry, started before the server requires what it instruments; loaded only when configured.
    build({
      ...shared,
      entryPoints: { tracing: path.join(serverDir, 'src/observability/tracing-start.ts') },
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      plugins: [keepPackagesExternal],
      banner: {
        js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
      },
    }),
  ]);
  const bundleFile = path.join(outDir, 'main.cjs');
  fs.writeFileSync(bundleFile, escapeNonAscii(fs.readFileSync(bundleFile, 'utf8')));
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  fs.copyFileSync(path.join(root, 'scripts/server-launcher.mjs'), path.join(outDir, 'server.mjs'));
  fs.writeFileSync(path.join(outDir, 'build-stamp.txt'), `${fingerprint}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && isBuildFresh()) process.exit(0);
  const outDirAt = process.argv.indexOf('--out-dir');
  const outDir = outDirAt === -1 ? distDir : path.resolve(process.argv[outDirAt + 1]);
  const started = performance.now();
  await buildServer({ outDir });
  console.log(`Built the server in ${Math.round(performance.now() - started)} ms (apps/server/dist)`);
}
