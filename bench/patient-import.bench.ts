import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { clinics } from '../apps/server/src/db/schema';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { writeResult } from './support/report';

// Workload: a Spanish clinic (country ES) imports what Excel exports: 50,000 rows, semicolons,
// Windows-1252, given and family names apart, dd/mm/yyyy dates (a third of them ambiguous),
// national phones; 1% of rows have a bad phone. Preview (read, map, validate, duplicates), then
// the import with progress lines (one transaction). Peak memory: the process's resident set,
// sampled every 20 ms while each request runs, over its level before the request.
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

function spanishExport(count: number): Buffer {
  const lines = ['Nombre;Apellidos;Teléfono;Email;Fecha tratamiento;Tratamiento'];
  for (let i = 0; i < count; i++) {
    const phone =
      i % 100 === 99
        ? '12'
        : `6${String(10_000_000 + i)
            .slice(-8)
            .replace(/(\d{2})(\d{3})(\d{3})/, '$1 $2 $3')}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(`María ${i};Núñez Peña;${phone};paciente${i}@example.es;${day}/${month}/2025;Implante dental`);
  }
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252');
}

async function measure<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      value,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      peakRssMiB: Math.round(peak / 1024 ** 2),
      peakOverBeforeMiB: Math.round((peak - before) / 1024 ** 2),
    };
  } finally {
    clearInterval(sampler);
  }
}

const file = spanishExport(rows);
const body = JSON.stringify({ file: file.toString('base64'), fileName: 'pacientes.csv' });
const figures: Record<string, Record<string, number | string>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, 3817);
  try {
    await server.db.update(clinics).set({ country: 'ES' }).where(eq(clinics.id, server.clinicId));
    const headers = { cookie: server.cookie, origin: server.baseUrl, 'content-type': 'application/json' };

    const preview = await measure(async () => {
      const res = await fetch(`${server.baseUrl}/api/patients/import/preview`, {
        method: 'POST',
        headers,
        body,
      });
      return { status: res.status, answer: (await res.json()) as Record<string, number> };
    });
    figures[`${kind} preview`] = {
      status: preview.value.status,
      rows: preview.value.answer.totalRows ?? 0,
      valid: preview.value.answer.validRows ?? 0,
      errors: preview.value.answer.errorRows ?? 0,
      ambiguousDates: preview.value.answer.ambiguousDateRows ?? 0,
      seconds: preview.seconds,
      peakRssMiB: preview.peakRssMiB,
      peakOverBeforeMiB: preview.peakOverBeforeMiB,
    };

    const imported = await measure(async () => {
      const res = await fetch(`${server.baseUrl}/api/patients/import`, {
        method: 'POST',
        headers: { ...headers, accept: 'application/x-ndjson' },
        body,
      });
      const lines = (await res.text()).trim().split('\n');
      const last = JSON.parse(lines.at(-1) ?? '{}') as { result?: { inserted: number; skipped: number } };
      return { status: res.status, progressLines: lines.length - 1, result: last.result };
    });
    figures[`${kind} import`] = {
      status: imported.value.status,
      inserted: imported.value.result?.inserted ?? 'failed',
      skipped: imported.value.result?.skipped ?? 'failed',
      progressLines: imported.value.progressLines,
      seconds: imported.seconds,
      peakRssMiB: imported.peakRssMiB,
      peakOverBeforeMiB: imported.peakOverBeforeMiB,
    };
  } finally {
    await server.close();
    await database.dispose();
  }
}

writeResult('patient-import', {
  workload: `A Spanish Excel export of ${rows.toLocaleString('en-US')} rows (${Math.round(file.byteLength / 1024)} KiB, semicolons, Windows-1252, split names, dd/mm/yyyy dates, national phones, 1% bad phones) into an empty clinic in Spain, over loopback HTTP: preview, then import with progress lines in one transaction. Peak resident memory of the whole process (server and bench) sampled every 20 ms.`,
  figures,
});
