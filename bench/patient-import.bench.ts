import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { loadAverage, writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: the compiled server (as `npm start` runs it) with the demo clinic; a file of N patients
// (name, E.164 phone, e-mail, procedure, yyyy-mm-dd date) sent once as its bytes, previewed, then
// imported by its id in one transaction. Beside it, PostgreSQL's own COPY of the same rows into the
// same table (triggers and indexes included), in a transaction rolled back so every run starts alike.
// While the upload, preview and import run, one client asks /api/ready again as soon as it is
// answered: the slowest answer is how long the server stopped answering.
const sizes = (process.env.BENCH_IMPORT_SIZES ?? '10000,50000').split(',').map(Number);
const demo = { email: 'demo@careloop.local', password: 'careloop-demo' };

type Patient = { name: string; phone: string; email: string; procedure: string; date: string };

function patientsOf(count: number, tag: number): Patient[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Paciente ${tag}-${i}`,
    phone: `+346${tag}${String(i).padStart(7, '0')}`,
    email: `p${tag}-${i}@example.es`,
    procedure: 'Dental Implant',
    date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  }));
}

const importFile = (rows: Patient[]) =>
  Buffer.from(
    `${['Name,Phone,Email,Procedure,Procedure date', ...rows.map((r) => `${r.name},${r.phone},${r.email},${r.procedure},${r.date}`)].join('\n')}\n`,
  );

const copyColumns =
  'clinic_id, id, name, email, phone, procedure, status, procedure_date, created_at, updated_at';

/** The rows as the import stores them, in COPY's text format. */
function copyFile(rows: Patient[], clinicId: string, tag: number) {
  const now = new Date().toISOString();
  return Buffer.from(
    rows
      .map((r, i) =>
        [
          clinicId,
          `P-copy-${tag}-${i}`,
          r.name,
          r.email,
          r.phone,
          r.procedure,
          'active',
          `${r.date}T00:00:00Z`,
          now,
          now,
        ].join('\t'),
      )
      .join('\n'),
  );
}

/** Asks /api/ready again as soon as it answers, until stopped: the slowest answer and how many. */
function probeReady(url: string) {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/ready`);
      await res.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      answers += 1;
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowestReadyMs: Math.round(slowest), readyAnswers: answers };
  };
}

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(demo),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as {
    clinic: { id: string };
  };
  return { cookie, clinicId: me.clinic.id };
}

async function importThroughServer(url: string, cookie: string, file: Buffer) {
  const headers = { cookie, origin: url };
  const stopProbe = probeReady(url);
  const started = performance.now();
  const uploaded = await fetch(`${url}/api/patients/import/uploads?fileName=patients.csv`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: new Uint8Array(file),
  });
  const preview = (await uploaded.json()) as { uploadId?: string; validRows?: number };
  if (!uploaded.ok || !preview.uploadId)
    throw new Error(`upload ${uploaded.status} ${JSON.stringify(preview)}`);
  const previewed = performance.now();
  const imported = await fetch(`${url}/api/patients/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId: preview.uploadId }),
  });
  const result = (await imported.json()) as { inserted?: number };
  const done = performance.now();
  const probe = await stopProbe();
  if (!imported.ok || result.inserted !== preview.validRows) {
    throw new Error(
      `import ${imported.status} ${JSON.stringify(result).slice(0, 500)} of ${preview.validRows}`,
    );
  }
  return {
    inserted: result.inserted ?? 0,
    uploadAndPreviewMs: Math.round(previewed - started),
    importMs: Math.round(done - previewed),
    ...probe,
  };
}

/** COPY on PostgreSQL: a file the server reads itself (same host), in a transaction rolled back. */
async function copyOnPostgres(databaseUrl: string, body: Buffer) {
  const file = path.join(os.tmpdir(), `careloop-copy-${process.pid}.tsv`);
  fs.writeFileSync(file, body, { mode: 0o644 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    const result = await client.query(`copy patients (${copyColumns}) from '${file}'`);
    const ms = performance.now() - started;
    await client.query('rollback');
    return { copied: result.rowCount ?? 0, copyMs: Math.round(ms * 10) / 10 };
  } finally {
    await client.end();
    fs.rmSync(file, { force: true });
  }
}

/** COPY on PGlite (the server stopped: one process owns the folder), rolled back too. */
async function copyOnPglite(dataDir: string, bodies: Buffer[]) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const out = [];
    for (const body of bodies) {
      await db.query('begin');
      const started = performance.now();
      const result = await db.query(`copy patients (${copyColumns}) from '/dev/blob'`, [], {
        blob: new Blob([new Uint8Array(body)]),
      });
      const ms = performance.now() - started;
      await db.query('rollback');
      out.push({ copied: result.affectedRows ?? 0, copyMs: Math.round(ms * 10) / 10 });
    }
    return out;
  } finally {
    await db.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const loadAverageBefore = loadAverage();
const figures: Record<string, Record<string, number | string>> = {};
const kinds: ('pglite' | 'postgres')[] = [];
if (await isPostgresReachable()) kinds.push('postgres');
kinds.push('pglite');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  const port = await freePort();
  const server = await startServer(
    { ...database.env, SEED_DEMO: 'true', PUBLIC_URL: `http://127.0.0.1:${port}` },
    port,
  );
  const copies: Buffer[] = [];
  const rows: Record<number, Awaited<ReturnType<typeof importThroughServer>>> = {};
  try {
    const { cookie, clinicId } = await signIn(server.url);
    for (const [at, size] of sizes.entries()) {
      const copyBody = copyFile(patientsOf(size, 5 + at), clinicId, at);
      if (kind === 'postgres') {
        const copy = await copyOnPostgres(database.env.DATABASE_URL as string, copyBody);
        rows[size] = await importThroughServer(server.url, cookie, importFile(patientsOf(size, 1 + at)));
        figures[`${kind} ${size}`] = {
          ...rows[size],
          ...copy,
          importOverCopy: Math.round(rows[size].importMs / copy.copyMs),
        };
      } else {
        copies.push(copyBody);
        rows[size] = await importThroughServer(server.url, cookie, importFile(patientsOf(size, 1 + at)));
      }
    }
  } finally {
    await server.stop();
  }
  if (kind === 'pglite') {
    const copied = await copyOnPglite(database.env.DATA_DIR as string, copies);
    for (const [at, size] of sizes.entries()) {
      const copy = copied[at] as { copied: number; copyMs: number };
      const row = rows[size];
      if (row)
        figures[`${kind} ${size}`] = {
          ...row,
          ...copy,
          importOverCopy: Math.round(row.importMs / copy.copyMs),
        };
    }
  }
  await database.dispose();
}

writeResult('patient-import', {
  workload: `Patient import on the compiled server (demo clinic), ${sizes.map((n) => n.toLocaleString('en-US')).join(' and ')} rows: the CSV sent once as its bytes (upload + preview), then imported by its id in one transaction (importMs), against COPY of the same rows into patients (copyMs, in a transaction rolled back; on PGlite after the server stopped, the imported rows still in the table). slowestReadyMs: the slowest /api/ready answer while upload, preview and import ran (one client asking again as soon as answered; readyAnswers of them).`,
  figures,
  loadAverageBefore,
});
