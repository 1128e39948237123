import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/scratch-database';

// Traces leave the real server, built as production runs it (dist/server.mjs loading tracing.mjs
// before main.cjs), for a local OTLP/HTTP collector: an HTTP server of this test's own that keeps
// every span it is sent. OTLP/JSON here (OTEL_EXPORTER_OTLP_PROTOCOL, read by the SDK itself) so
// that the spans can be read without a protobuf decoder. In the PostgreSQL suite only (a build and a
// server of its own, and the pg instrumentation's statement spans to see).

type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
};

const serverDir = path.resolve(import.meta.dirname, '../..');
const root = path.resolve(serverDir, '../..');
const buildDir = path.join(serverDir, `.trace-test-${randomBytes(4).toString('hex')}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-trace-'));
const received: { path: string; spans: Span[] }[] = [];
let collector: http.Server;
let server: ChildProcess | undefined;
let output = '';

function startCollector(): Promise<number> {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { scopeSpans: { spans: Span[] }[] }[];
      };
      const spans = (body.resourceSpans ?? []).flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      received.push({ path: request.url ?? '', spans });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    collector.listen(0, '127.0.0.1', () => resolve((collector.address() as AddressInfo).port)),
  );
}

const allSpans = () => received.flatMap((r) => r.spans);
const attribute = (span: Span, key: string) => span.attributes?.find((a) => a.key === key)?.value;

let baseUrl = '';
let collectorPort = 0;
// A database of its own: the built server works jobs and beats a worker heartbeat, which the other
// test files sharing TEST_DATABASE_URL's must not see (a queue's jobs taken by this server, a
// readiness check reporting a worker).
let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

beforeAll(async () => {
  database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', { migrate: false });
  collectorPort = await startCollector();
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/build-server.mjs'), '--out-dir', buildDir],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  expect(built.status, built.stderr).toBe(0);
  const started = startBuiltServer(collectorPort, (chunk) => {
    output += chunk;
  });
  server = started.child;
  baseUrl = await started.listening;
});

/** The built server (dist/server.mjs of this test's build), as production starts it. */
function startBuiltServer(collectorPort: number, onOutput: (chunk: string) => void) {
  const child = spawn(process.execPath, [path.join(buildDir, 'server.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: database?.url ?? '',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave in batches: every 100 ms here instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/;
  const ready = /\{[^\n]*"msg":"CareLoop is ready"[^\n]*\}/;
  const waitFor = <T>(find: (text: string) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const read = () => {
        const found = find(seen);
        if (found !== undefined) resolve(found);
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) =>
        reject(new Error(`the server stopped (${code}) before it was ready:\n${seen}`)),
      );
    });
  const collect = (chunk: Buffer) => {
    seen += chunk.toString('utf8');
    onOutput(chunk.toString('utf8'));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    child,
    listening: waitFor((text) => text.match(listening)?.[1]),
    readyLine: waitFor((text) => {
      const line = text.match(ready)?.[0];
      return line ? (JSON.parse(line) as { codeCache?: string }) : undefined;
    }),
  };
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => collector?.close(resolve));
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

describe('traces over OTLP', () => {
  it("exports a request's spans, and its log lines carry its request id and trace id", async () => {
    const requestId = `trace-test-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${baseUrl}/api/health`, { headers: { 'x-request-id': requestId } });
    expect(response.status).toBe(200);

    // The HTTP server span (instrumentation-http) with Fastify's route template on it.
    await expect
      .poll(() => allSpans().find((s) => s.name === 'GET /api/health' && !s.parentSpanId), {
        timeout: 60_000,
        interval: 100,
      })
      .toBeTruthy();
    expect(received.every((r) => r.path === '/v1/traces')).toBe(true);
    const requestSpan = allSpans().find((s) => s.name === 'GET /api/health' && !s.parentSpanId)!;
    expect(attribute(requestSpan, 'http.route')?.stringValue).toBe('/api/health');
    // Fastify's own spans (@fastify/otel) belong to the same trace.
    await expect
      .poll(
        () => allSpans().filter((s) => s.traceId === requestSpan.traceId && s.name === 'request').length,
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBeGreaterThanOrEqual(1);

    const requestLinesOf = () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; msg?: string })
        .filter((line) => line.reqId === requestId);
    // One line a request (plugins/request-log.ts), written within a second (lib/log-destination.ts).
    await expect
      .poll(() => requestLinesOf().map((line) => line.msg), { timeout: 10_000, interval: 100 })
      .toEqual(['request completed']);
    const requestLines = requestLinesOf();
    for (const line of requestLines) expect(line.trace_id).toBe(requestSpan.traceId);
  });

  it("exports PostgreSQL statements as children of the request's trace", async () => {
    // A public route that writes a row: its INSERT is a pg span of the request's trace.
    const response = await fetch(`${baseUrl}/api/log-performance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metrics: [{ metric: 'page_load_time', value: 1234 }] }),
    });
    expect(response.status).toBe(202);
    await expect
      .poll(
        () => {
          const root = allSpans().find((s) => s.name === 'POST /api/log-performance' && !s.parentSpanId);
          return root
            ? allSpans().some(
                (s) =>
                  s.traceId === root.traceId && (attribute(s, 'db.system.name') ?? attribute(s, 'db.system')),
              )
            : false;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
  });
});

describe('the start (scripts/server-launcher.mjs)', () => {
  const cacheFile = () => path.join(buildDir, `main.cjs.${process.version}-${process.arch}.v8-cache`);
  const startAndStop = async () => {
    const started = startBuiltServer(collectorPort, () => {});
    try {
      const ready = await started.readyLine;
      await started.listening;
      return ready.codeCache;
    } finally {
      const exited = new Promise((resolve) => started.child.once('exit', resolve));
      started.child.kill('SIGTERM');
      await exited;
    }
  };

  it("keeps V8's compiled code of a start beside the bundle, and the next start reads it", async () => {
    expect(fs.readdirSync(buildDir).filter((file) => file.endsWith('.v8-cache'))).toEqual([
      path.basename(cacheFile()),
    ]);
    expect(output).toMatch(/"codeCache":"written"[^\n]*"msg":"CareLoop is ready"/);
    // What the bundle imports on first use (OpenTelemetry's API here) is required, not imported through
    // Node's experimental loader for scripts, which would warn on every start.
    expect(output).not.toContain('ExperimentalWarning');
    expect(await startAndStop()).toBe('read');
  });

  it('starts past a damaged cache (V8 would abort on it) and writes it anew', async () => {
    const file = fs.readFileSync(cacheFile());
    const middle = Math.floor(file.length / 2);
    for (let i = middle; i < middle + 400; i++) file[i] = file[i]! ^ 0xff;
    fs.writeFileSync(cacheFile(), file);
    expect(await startAndStop()).toBe('written');
    expect(await startAndStop()).toBe('read');
  });
});
