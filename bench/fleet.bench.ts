import fs from 'node:fs';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startFleetFakes } from './support/fleet-fakes';
import { startLongRunSampler } from './support/fleet-long-runs';
import { buildServer, type RoleProcess, startCpuSampler, startRole } from './support/fleet-processes';
import { fleetFigures } from './support/fleet-report';
import { addTreatedPatients, seedFleet } from './support/fleet-seed';
import { startInProcessServer } from './support/in-process-server';
import { loadAverage, writeResult } from './support/report';

// Workload: BENCH_FLEET_CLINICS (1,000) clinics of BENCH_FLEET_PATIENTS (2,000) patients each on
// PostgreSQL. Each clinic has SMS on Twilio, a Trustpilot source with BENCH_FLEET_REVIEWS (3) new
// reviews, a webhook endpoint (message.sent/failed, review.created) and the automation on; one
// clinic is set up through the product's routes and copied in SQL, patients by generate_series.
// The providers are the product's own fakes behind 150-300 ms of latency and a rate limit per
// credential (BENCH_FLEET_PROVIDER_RPS, 2/s; the one OpenAI key BENCH_FLEET_AI_RPS, 50/s), each
// multiplied by the compression: a compressed minute holds as many provider requests as a real
// one (a real 50/s key sends 3,000 texts a minute, not 750). Latency is not compressed: a call
// takes as long as a real one, which is the stricter side.
// Then one hour of the schedule with 1 web and 2 worker processes (ROLE=web / worker), compressed
// into BENCH_FLEET_HOUR_MINUTES (15) real minutes: the bench sends each scheduled job at its
// compressed minute (the processes' own cron is removed, so only the bench's clock ticks):
// send-messages and deliver-webhooks every minute, draft-review-replies and backfill-patient-risk
// every 5, plan-followups, plan-surveys and send-daily-digests every 15, ingest-reviews-hourly at
// :07, refresh-planner-statistics at :41. Before each planning, BENCH_FLEET_NEW_PER_QUARTER (2)
// patients per clinic are recorded with yesterday's procedure, so each planning has day-1
// follow-ups to plan. Clinics are in a zone where it is 10:xx (inside sending hours and the
// digest's morning). After the hour, the minute jobs go on for up to BENCH_FLEET_DRAIN_MINUTES (15)
// compressed minutes until the outbox and the webhook outbox are empty.
// Periods are compressed too: a job "finishes inside its period" when its work is done within its
// period divided by the compression, a stricter test than the real hour.
const size = {
  clinics: Number(process.env.BENCH_FLEET_CLINICS ?? 1000),
  patientsPerClinic: Number(process.env.BENCH_FLEET_PATIENTS ?? 2000),
  reviewsPerClinic: Number(process.env.BENCH_FLEET_REVIEWS ?? 3),
  timeZone: zoneAtTen(),
};
const hourMinutes = Number(process.env.BENCH_FLEET_HOUR_MINUTES ?? 15);
const newPerQuarter = Number(process.env.BENCH_FLEET_NEW_PER_QUARTER ?? 2);
const drainMinutes = Number(process.env.BENCH_FLEET_DRAIN_MINUTES ?? 15);
const minuteMs = (hourMinutes * 60_000) / 60;
const compression = 60 / hourMinutes;
const providerRps = Number(process.env.BENCH_FLEET_PROVIDER_RPS ?? 2) * compression;
const aiRps = Number(process.env.BENCH_FLEET_AI_RPS ?? 50) * compression;

/** An Etc/GMT zone where it is now 10:xx, so the hour is inside sending hours and the digest's morning. */
function zoneAtTen(now = new Date()) {
  const offset = ((((10 - now.getUTCHours() + 12) % 24) + 24) % 24) - 12;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** The senders watch for new work 45 s of their minute: here, as much of a compressed one. */
const payloadAtCompression: Record<string, object> = {
  'deliver-webhooks': { watchSeconds: Math.floor((minuteMs * 0.75) / 1000) },
  'send-messages': { watchSeconds: Math.floor((minuteMs * 0.75) / 1000) },
};

function ticksAt(minute: number): string[] {
  const names = ['send-messages', 'deliver-webhooks'];
  if (minute % 5 === 0) names.push('draft-review-replies', 'backfill-patient-risk');
  if (minute % 15 === 0) names.push('plan-followups', 'plan-surveys', 'send-daily-digests');
  if (minute === 7) names.push('ingest-reviews-hourly');
  if (minute === 41) names.push('refresh-planner-statistics');
  return names;
}

if (!(await isPostgresReachable())) {
  console.log('fleet: needs PostgreSQL (BENCH_DATABASE_URL); not run');
  process.exit(0);
}
// Dropping the bench database WITH (FORCE) ends pooled connections that notice only then.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code === '57P01') return;
  console.error(error);
  process.exit(1);
});

const loadBefore = loadAverage();
buildServer();
const database = await createBenchDatabase('postgres');
const databaseUrl = database.env.DATABASE_URL!;
const fakes = await startFleetFakes({
  minLatencyMs: 150,
  maxLatencyMs: 300,
  perCredentialRps: providerRps,
  aiRps,
});
const env = { ...database.env, ...fakes.env, SECRETS_KEY: 'ab'.repeat(32) };
const processes: RoleProcess[] = [];
try {
  const seedStarted = performance.now();
  const setup = await startInProcessServer({ ...database, env }, 4911);
  let clinicIds: string[];
  try {
    clinicIds = await seedFleet(setup, fakes, size);
  } finally {
    await setup.close();
  }
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log(`fleet: ${clinicIds.length} clinics seeded in ${seedSeconds} s`);

  const webPort = 4912;
  processes.push(
    await startRole('web', { ...env, PORT: String(webPort), PUBLIC_URL: `http://127.0.0.1:${webPort}` }),
  );
  for (let i = 0; i < 2; i++)
    processes.push(await startRole('worker', { ...env, PORT: String(webPort + 1 + i) }));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  // Only the bench's compressed clock sends scheduled jobs.
  await admin.query('delete from pgboss.schedule');
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 2,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  const counted = (pids: RoleProcess[]) => Object.fromEntries(pids.map((p, i) => [`${p.role}${i}`, p.pid]));
  const sampler = startCpuSampler(databaseUrl, counted(processes));
  const fakeCountsBefore = { ...fakes.counts };

  const started = Date.now();
  const longRuns = startLongRunSampler(databaseUrl, started);
  const tickTimes: Record<string, number[]> = {};
  const tick = async (minute: number, names: string[]) => {
    if (minute < 60 && minute % 15 === 0 && newPerQuarter > 0)
      await addTreatedPatients(admin, clinicIds, newPerQuarter, `q${minute}`);
    for (const name of names) {
      tickTimes[name] = [...(tickTimes[name] ?? []), Date.now()];
      await boss.send(name, payloadAtCompression[name] ?? {});
    }
  };
  for (let minute = 0; minute < 60; minute++) {
    const wait = started + minute * minuteMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await tick(minute, ticksAt(minute));
    if (minute % 5 === 0) console.log(`fleet: minute ${minute}, load ${loadAverage().join(' ')}`);
  }
  const hourEnd = started + 60 * minuteMs;
  let drained = 0;
  for (; drained < drainMinutes; drained++) {
    const wait = hourEnd + drained * minuteMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { rows } = await admin.query<{ left: number }>(
      `select (select count(*) from patient_communications where delivery_status in ('queued', 'sending'))
            + (select count(*) from webhook_deliveries where status in ('pending', 'sending'))
            + (select count(*) from pgboss.job where state in ('created', 'retry', 'active')
                 and name not in ('send-messages', 'deliver-webhooks'))::int as left`,
    );
    if (Number(rows[0]!.left) === 0) break;
    await tick(60 + drained, ['send-messages', 'deliver-webhooks']);
  }
  // The last minute's runs finish (they stop claiming after their budget).
  for (let i = 0; i < 120; i++) {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    if (rows[0]!.n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const wallSeconds = (Date.now() - started) / 1000;
  const cpu = await sampler.stop();
  const runsActiveOver30s = await longRuns.stop();
  const figures = await fleetFigures(admin, {
    started,
    minuteMs,
    hourEnd,
    tickTimes,
    cpu,
    wallSeconds,
    fakeCalls: Object.fromEntries(
      Object.entries(fakes.counts).map(([k, v]) => [k, v - fakeCountsBefore[k as keyof typeof fakes.counts]]),
    ),
  });
  await boss.stop({ graceful: false });
  await admin.end();
  const mails = fs.existsSync(`${database.env.DATA_DIR}/outbox`)
    ? fs.readdirSync(`${database.env.DATA_DIR}/outbox`).length
    : 0;
  writeResult('fleet', {
    workload: `${size.clinics} clinics x ${size.patientsPerClinic} patients on PostgreSQL (seeded in ${seedSeconds} s), 1 web + 2 worker processes, one hour of jobs compressed into ${hourMinutes} min (x${compression}), ${newPerQuarter} treated patients per clinic per quarter, ${size.reviewsPerClinic} new reviews per clinic, fakes at 150-300 ms with ${providerRps} req/s per credential and ${aiRps} req/s on the AI key (real limits x${compression}, as the periods); drained ${drained} compressed min after the hour. Shared 2-core machine: load average before ${loadBefore.join(' ')}.`,
    loadAverageBefore: loadBefore,
    figures: {
      ...figures,
      runsActiveOver30s,
      processesExited: processes.filter((p) => p.exited()).map((p) => `${p.role} ${p.pid}: ${p.exited()}`),
      digestMails: mails,
      webhookSignaturesRefused: fakes.counts.badSignature,
    },
  });
} finally {
  for (const p of processes) await p.stop();
  await fakes.close();
  await database.dispose();
  // Seeding imports the app's modules, whose timers would hold the process open.
  setTimeout(() => process.exit(0), 1000).unref();
}
