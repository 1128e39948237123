import { cases, clinics, patients, reviews } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { loadTest, writeResult } from './support/report';

// Workload: one clinic with 10,000 patients, 5,000 reviews and 5,000 cases (plus a second clinic of the
// same size, so that every query has to filter by clinic). Signed-in GETs over loopback HTTP, 8 in flight:
// the first page of each list and each summary; then a CSV import of 10,000 new patients.
const sizes = { patients: 10_000, reviews: 5_000, cases: 5_000 };
const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const endpoints = [
  '/api/patients?limit=20',
  '/api/reviews?limit=20',
  '/api/cases?limit=20',
  '/api/dashboard/summary',
  '/api/reviews/summary',
  '/api/cases/summary',
];

type Server = Awaited<ReturnType<typeof startInProcessServer>>;

async function seed(server: Server, clinicId: string) {
  const now = Date.now();
  const patientIds: string[] = [];
  const procedures = [
    'Hair Transplant',
    'Dental Implant',
    'Plastic Surgery',
    'PRP Treatment',
    'Teeth Whitening',
    'Root Canal',
    'Other',
  ];
  for (let start = 0; start < sizes.patients; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, sizes.patients - start) }, (_, j) => {
      const i = start + j;
      const id = `P-${now - i}`;
      patientIds.push(id);
      const created = new Date(now - i * 60_000);
      return {
        clinicId,
        id,
        name: `Patient ${i} Example`,
        email: `patient${i}@example.com`,
        phone: `+3461${String(1_000_000 + i).padStart(7, '0')}`,
        procedure: procedures[i % procedures.length]!,
        status: (['active', 'completed', 'watch', 'red'] as const)[i % 4]!,
        procedureDate: created,
        createdAt: created,
        updatedAt: created,
      };
    });
    await server.db.insert(patients).values(batch);
  }
  const reviewIds: string[] = [];
  for (let start = 0; start < sizes.reviews; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, sizes.reviews - start) }, (_, j) => {
      const i = start + j;
      const id = newId('rev');
      reviewIds.push(id);
      const matched = i % 3 === 0;
      return {
        clinicId,
        id,
        provider: 'trustpilot',
        providerReviewId: `tp-${i}`,
        patientId: matched ? patientIds[i % patientIds.length]! : null,
        rating: 1 + (i % 5),
        title: `Review ${i}`,
        reviewText: 'Friendly staff and a clean clinic.',
        reviewerName: `Reviewer ${i}`,
        reviewDate: new Date(now - i * 3_600_000),
        matchStatus: matched ? 'matched' : 'unmatched',
      };
    });
    await server.db.insert(reviews).values(batch);
  }
  for (let start = 0; start < sizes.cases; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, sizes.cases - start) }, (_, j) => {
      const i = start + j;
      const created = new Date(now - i * 3_600_000);
      const status = (['open', 'in_progress', 'resolved', 'closed'] as const)[i % 4]!;
      return {
        clinicId,
        id: newId('cas'),
        source: 'manual',
        patientId: patientIds[i % patientIds.length]!,
        title: `Case ${i}`,
        severity: (['high', 'medium', 'low'] as const)[i % 3]!,
        status,
        dueAt: new Date(created.getTime() + 86_400_000),
        createdAt: created,
        updatedAt: created,
        resolvedAt: status === 'resolved' ? new Date(created.getTime() + 3_600_000) : null,
      };
    });
    await server.db.insert(cases).values(batch);
  }
}

function importCsv(rows: number, offset: number): string {
  const lines = ['name,email,phone,procedure,status,comment'];
  for (let i = 0; i < rows; i++) {
    const n = offset + i;
    lines.push(
      `Imported Patient ${n},imported${n}@example.com,+3462${String(n).padStart(7, '0')},Dental Implant,active,`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const figures: Record<string, Record<string, number | string>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, 3812);
  try {
    const seedStarted = performance.now();
    await seed(server, server.clinicId);
    const neighbourId = newId('cln');
    await server.db.insert(clinics).values({ id: neighbourId, name: 'Neighbour Clinic' });
    await seed(server, neighbourId);
    figures[`${kind} seed`] = { seconds: Math.round((performance.now() - seedStarted) / 100) / 10 };
    const headers = { cookie: server.cookie };
    for (const endpoint of endpoints) {
      const probe = await fetch(server.baseUrl + endpoint, { headers });
      if (!probe.ok) {
        figures[`${kind} GET ${endpoint}`] = { error: `HTTP ${probe.status}` };
        continue;
      }
      await loadTest(server.baseUrl + endpoint, headers, 100, 4); // warm-up
      // Latency one request at a time (what a user waits); throughput with 8 in flight (what the
      // process sustains). Latency under 8 in flight on 2 cores is mostly queueing, so it is not the p99.
      const latency = await loadTest(server.baseUrl + endpoint, headers, requests, 1);
      const load = await loadTest(server.baseUrl + endpoint, headers, requests, 8);
      figures[`${kind} GET ${endpoint}`] = {
        requests,
        failures: latency.failures + load.failures,
        p50Ms: latency.p50Ms,
        p99Ms: latency.p99Ms,
        throughputRpsAt8: load.throughputRps,
        p99MsAt8: load.p99Ms,
      };
    }
    const csv = importCsv(10_000, 0);
    const importStarted = performance.now();
    const res = await fetch(`${server.baseUrl}/api/patients/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv', origin: server.baseUrl },
      body: csv,
    });
    const body = await res.text();
    figures[`${kind} CSV import 10,000 rows`] = res.ok
      ? { seconds: Math.round((performance.now() - importStarted) / 100) / 10, answer: body.slice(0, 120) }
      : { error: `HTTP ${res.status} ${body.slice(0, 120)}` };
  } finally {
    await server.close();
    await database.dispose();
  }
}

writeResult('clinic-core', {
  workload: `One clinic with ${sizes.patients} patients, ${sizes.reviews} reviews, ${sizes.cases} cases; ${requests} signed-in GETs per endpoint over loopback HTTP, one at a time (p50/p99) and 8 in flight (throughput, p99MsAt8); CSV import of 10,000 rows. Targets: summary and list p99 < 50 ms on PostgreSQL.`,
  figures,
});
