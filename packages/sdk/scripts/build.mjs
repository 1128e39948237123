// Builds the publishable package: dist/index.mjs (ESM) and dist/index.cjs (CommonJS) bundled by
// esbuild, and their declarations (.d.ts for import, .d.cts for require) by the TypeScript compiler,
// so that plain Node, TypeScript's nodenext and its bundler resolution all find JavaScript and types.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// Built in a folder of this build's own, then moved into dist file by file (a rename replaces a file
// at once): two builds at the same time (CI's build beside a test's `npm pack`) never leave a reader
// a missing or half-written file.
const dist = fs.mkdtempSync(path.join(root, '.dist-'));
const common = {
  entryPoints: [path.join(root, 'src/index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...common, format: 'esm', outfile: path.join(dist, 'index.mjs') });
await build({ ...common, format: 'cjs', outfile: path.join(dist, 'index.cjs') });

const tsc = require.resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '--project', path.join(root, 'tsconfig.build.json'), '--outDir', dist], {
  stdio: 'inherit',
});
fs.copyFileSync(path.join(root, 'src/schema.d.ts'), path.join(dist, 'schema.d.ts'));
// The require side: the same declarations as CommonJS ones (.d.cts), importing each other as .cjs.
for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.d.ts'))) {
  const text = fs.readFileSync(path.join(dist, file), 'utf8').replace(/(from '\.\/[\w-]+)\.js'/g, "$1.cjs'");
  fs.writeFileSync(path.join(dist, file.replace(/\.d\.ts$/, '.d.cts')), text);
}

const published = path.join(root, 'dist');
fs.mkdirSync(published, { recursive: true });
const built = new Set(fs.readdirSync(dist));
for (const file of built) fs.renameSync(path.join(dist, file), path.join(published, file));
for (const file of fs.readdirSync(published)) {
  if (!built.has(file)) fs.rmSync(path.join(published, file), { recursive: true, force: true });
}
fs.rmSync(dist, { recursive: true, force: true });
