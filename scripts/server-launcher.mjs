// dist/server.mjs, what production runs (`node apps/server/dist/server.mjs`; scripts/build-server.mjs
// copies this file there). It loads dist/main.cjs, the bundled server, through V8's code cache.
//
// Why not Node's own compile cache for the bundle: Node writes a module's code cache as soon as it is
// compiled, when only its top level is compiled, so the ~2,500 functions a start runs were parsed and
// compiled again at every start. A cache made after the server is ready holds them: the start read
// 570 -> 500 ms here (median of 10, PostgreSQL). The bundle calls
// globalThis[Symbol.for('careloop.saveStartupCodeCache')] once it listens (lib/startup-code-cache.ts).
//
// The cache lives beside the bundle, named after this Node and CPU; V8 refuses one made by another V8
// or other flags, readCache() one made for another source or damaged, and a rebuild deletes dist/. A
// start that cannot read or write it (read-only folder) runs as before, only slower.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

// V8 drops the compiled code of functions that have not run for a few collections, so a start that
// takes seconds (the first, migrating an empty database) lost its early functions (the modules' top
// levels) before the cache was made: a 3.9 MB cache, and later starts 578 ms against 425 with one made
// by a short start. Kept, the cache is the same whichever start wrote it. Set before anything is
// compiled: V8 refuses a cache made under other flags.
v8.setFlagsFromString('--no-flush-bytecode');

// What stays in node_modules (pg, PGlite): read compiled rather than parsed again.
module.enableCompileCache?.();
// Before the bundle requires what OpenTelemetry instruments (tracing-start.ts); nothing of it otherwise.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await (await import('./tracing.mjs')).startTracingIfConfigured();

const bundleFile = path.join(import.meta.dirname, 'main.cjs');
const cacheFile = `${bundleFile}.${process.version}-${process.arch}.v8-cache`;
// The build escapes every other letter (build-server.mjs, escapeNonAscii): read as one byte a letter.
const bytes = fs.readFileSync(bundleFile);
const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
const sourceSum = crc32(bytes);

/**
 * The cache as V8 wrote it, when the file holds it whole and was made for this very source; else
 * none (the start compiles, and writes a new one once ready). V8 checks only its version, its flags
 * and the source's length: a cache with a damaged byte (a disk, a power cut before the data reached
 * it) made V8 abort the process at every start, so the file begins with a CRC-32 of the source and
 * one of the data, checked here.
 */
function readCache() {
  let file;
  try {
    file = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (file.length <= 8 || file.readUInt32LE(0) !== sourceSum) return undefined;
  const data = file.subarray(8);
  return file.readUInt32LE(4) === crc32(data) ? data : undefined;
}

const cachedData = readCache();
const script = new vm.Script(module.wrap(source), {
  filename: bundleFile,
  cachedData,
  // The build makes the bundle's import() calls requires (build-server.mjs, dynamicImportsAsRequire);
  // one left over (a package's import of node:sqlite, never reached here) would otherwise throw.
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});

/** What the start's ready line says of the cache: read, written, or not writable here. */
globalThis[Symbol.for('careloop.saveStartupCodeCache')] = () => {
  if (cachedData && !script.cachedDataRejected) return 'read';
  // Written whole under another name, flushed to the disk, then renamed: a web and a worker process
  // starting together never read half a file, nor does a start after a power cut.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    const header = Buffer.alloc(8);
    header.writeUInt32LE(sourceSum, 0);
    header.writeUInt32LE(crc32(data), 4);
    const fd = fs.openSync(partial, 'w');
    try {
      fs.writeSync(fd, header);
      fs.writeSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, cacheFile);
    return 'written';
  } catch {
    fs.rmSync(partial, { force: true });
    return 'unwritable';
  }
};

const bundle = { exports: {}, filename: bundleFile, id: bundleFile };
script
  .runInThisContext()
  .call(
    bundle.exports,
    bundle.exports,
    module.createRequire(bundleFile),
    bundle,
    bundleFile,
    import.meta.dirname,
  );
