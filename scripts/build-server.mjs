// The server as JavaScript (apps/server/dist): production runs it, so start-up compiles nothing.
// One ES module bundle of apps/server/src/main.ts with the workspace packages
// (@careloop/domain, @careloop/contracts: TypeScript sources) and nearly every npm package inside
// (externalPackages, below, says which stay imports of node_modules and why). The SQL
// migrations are copied beside the bundle, where db/migrate.ts looks for them.
//
// `node scripts/build-server.mjs --if-stale` builds only when the sources changed since the last
// build: a SHA-256 of every input file's path and content (not mtimes: a checkout or copy changes
// those without changing the code) is kept in dist/build-stamp.txt.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const distDir = path.join(serverDir, 'dist');
const stampFile = path.join(distDir, 'build-stamp.txt');
const inputRoots = ['apps/server/src', 'packages/domain/src', 'packages/contracts/src'];
const inputFiles = ['package-lock.json', 'scripts/build-server.mjs'];

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
 * `import ... from 'node:http'` in an ES module makes Node build the module's ES facade, which reads
 * every export, and http's WebSocket, MessageEvent and CloseEvent are getters that load undici: 35 ms
 * of every start (CPU profile), for classes the server never uses. Imported as CommonJS (through the
 * bundle's `require`), the module is handed over as it is.
 */
const builtinsAsCommonJs = {
  name: 'builtins-as-commonjs',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === 'import-statement' ? { path: 'node:http', namespace: 'builtin-as-commonjs' } : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'builtin-as-commonjs' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** `outDir`: apps/server/dist, or a folder of a test's own (`--out-dir`) beside it. */
export async function buildServer({ outDir = distDir } = {}) {
  const fingerprint = sourceFingerprint();
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    // tracing.mjs: OpenTelemetry started, when configured, before main.mjs imports what it instruments.
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      tracing: path.join(serverDir, 'src/observability/tracing-start.ts'),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    // What is imported with import() (spreadsheets, mail, the common-password list) becomes a chunk
    // of its own, read when first used rather than at every start. Chunks sit beside main.mjs: code
    // that finds files from its own folder (config.ts the web app, migrate.ts the migrations) may
    // land in a chunk, and a chunks/ folder sent it one level off (every page answered 404).
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Whitespace and constant folding only: names stay readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    // CommonJS packages inside an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    plugins: [keepPackagesExternal, builtinsAsCommonJs],
    logLevel: 'warning',
  });
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // The entry point: V8's compile cache first (Node 22), so that a second start reads compiled code
  // instead of parsing node_modules again; static imports would load before it could be switched on.
  fs.writeFileSync(
    path.join(outDir, 'server.mjs'),
    [
      "import module from 'node:module';",
      'module.enableCompileCache?.();',
      "await (await import('./tracing.mjs')).startTracingIfConfigured();",
      "await import('./main.mjs');",
      '',
    ].join('\n'),
  );
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
