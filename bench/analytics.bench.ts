import pg from 'pg';
import { refreshPlannerStatistics } from '../apps/server/src/db/planner-statistics';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { explainSummaryStatements } from './support/explain-statements';
import { startInProcessServer } from './support/in-process-server';
import { loadAverage, loadTest, writeResult } from './support/report';

// Workload: one Professional clinic in Madrid with 100,000 patients, 50,000 reviews, 1,000,000
// follow-up messages, 20,000 cases, 30,000 survey requests and 5,000 reply alerts and 20,000 replies (a third positive) spread over the
// last year (and a neighbour clinic with a tenth of it, so every statement filters by clinic).
// The signed-in GET /api/analytics/summary for the last 30 and 90 days, one request at a time;
// beside it the bare follow-ups statement over the messages (what the summary read before the kept
// counts), and each statement the summary runs now with EXPLAIN (ANALYZE, BUFFERS): its median time,
// rows, pages touched and scans, with the load average at each.
// PostgreSQL only: the target is PostgreSQL's, and seeding a million rows into PGlite takes minutes.
// Settable: BENCH_REQUESTS=50, BENCH_SCALE=1 (a fraction shrinks every count), BENCH_KEEP_DATABASE=1
// (leave the seeded database for EXPLAIN by hand; drop it yourself after).
const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
const sizes = {
  patients: Math.round(100_000 * scale),
  reviews: Math.round(50_000 * scale),
  messages: Math.round(1_000_000 * scale),
  cases: Math.round(20_000 * scale),
  surveys: Math.round(30_000 * scale),
  alerts: Math.round(5_000 * scale),
  replies: Math.round(20_000 * scale),
};

async function seed(client: pg.Client, clinicId: string, n: typeof sizes) {
  const q = (text: string) => client.query(text, [clinicId]);
  await q(`insert into patients (clinic_id, id, name, procedure, created_at, updated_at, procedure_date,
      sms_opted_out_at, sms_opt_out_source)
    select $1, 'P-' || i, 'Patient ' || i,
      (array['Hair Transplant','Dental Implant','Plastic Surgery','PRP Treatment','Teeth Whitening'])[1 + i % 5],
      now() - (i % 365) * interval '1 day', now(), now() - (i % 365) * interval '1 day',
      case when i % 97 = 0 then now() - (i % 365) * interval '1 day' end,
      case when i % 97 = 0 then 'keyword' end
    from generate_series(1, ${n.patients}) i`);
  await q(`insert into reviews (clinic_id, id, provider, provider_review_id, patient_id, rating, review_date,
      match_status, public_reply_text, public_reply_at)
    select $1, 'rev-' || i, (array['google','trustpilot'])[1 + i % 2], 'pr-' || i,
      case when i % 3 = 0 then 'P-' || (1 + i % ${n.patients}) end, 1 + i % 5,
      now() - (i % 365) * interval '1 day' - (i % 24) * interval '1 hour',
      case when i % 3 = 0 then 'matched' else 'unmatched' end,
      case when i % 2 = 0 then 'Thank you' end,
      case when i % 2 = 0 then now() - (i % 365) * interval '1 day' + interval '5 hours' end
    from generate_series(1, ${n.reviews}) i`);
  await q(`insert into patient_communications (clinic_id, id, patient_id, channel, kind, message_content,
      delivery_status, sent_at, response_received, created_at, updated_at)
    select $1, 'msg-' || i, 'P-' || (1 + i % ${n.patients}), (array['sms','whatsapp'])[1 + i % 2], 'followup',
      'How are you feeling?', (array['delivered','read','failed','sent'])[1 + i % 4],
      now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', i % 7 = 0, now(), now()
    from generate_series(1, ${n.messages}) i`);
  await q(`insert into cases (clinic_id, id, source, patient_id, title, severity, status, due_at, created_at,
      updated_at, resolved_at, owner_user_id)
    select $1, 'cas-' || i, 'manual', 'P-' || (1 + i % ${n.patients}), 'Case ' || i,
      (array['high','medium','low'])[1 + i % 3], (array['open','in_progress','resolved','resolved'])[1 + i % 4],
      now() - (i % 365) * interval '1 day' + interval '1 day', now() - (i % 365) * interval '1 day', now(),
      case when i % 4 >= 2 then now() - (i % 365) * interval '1 day' + (i % 48) * interval '1 hour' end, null
    from generate_series(1, ${n.cases}) i`);
  await q(`insert into survey_requests (clinic_id, id, patient_id, procedure, procedure_date, channel, language, token_hash,
      sent_at, answered_at, score)
    select $1, 'svy-' || $1 || i, 'P-' || (1 + i % ${n.patients}),
      (array['Hair Transplant','Dental Implant','Plastic Surgery','PRP Treatment','Teeth Whitening'])[1 + (1 + i % ${n.patients}) % 5],
      now(), 'sms', 'en', md5($1 || i),
      now() - (i % 365) * interval '1 day',
      case when i % 2 = 0 then now() - (i % 365) * interval '1 day' + interval '3 hours' end,
      case when i % 2 = 0 then i % 11 end
    from generate_series(1, ${n.surveys}) i`);
  await q(`insert into alerts (clinic_id, id, patient_id, severity, kind, created_at)
    select $1, 'alr-' || i, 'P-' || (1 + i % ${n.patients}), 'medium', 'negative_reply',
      now() - (i % 365) * interval '1 day'
    from generate_series(1, ${n.alerts}) i`);
  await q(`insert into webhook_logs (clinic_id, id, webhook_type, provider, provider_message_id, patient_id,
      message_content, received_at, sentiment)
    select $1, 'whl-' || i, 'inbound_message', 'twilio', 'in-' || i, 'P-' || (1 + i % ${n.patients}),
      case when i % 3 = 0 then 'Thank you, feeling much better' else 'Ok' end,
      now() - (i % 365) * interval '1 day', case when i % 3 = 0 then 'positive' end
    from generate_series(1, ${n.replies}) i`);
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const figures: Record<string, Record<string, number | string>> = {};

if (!(await isPostgresReachable())) {
  console.log('PostgreSQL is not reachable: the analytics bench measures PostgreSQL only.');
} else {
  const database = await createBenchDatabase('postgres');
  const server = await startInProcessServer(database, 3817);
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    const seedStarted = performance.now();
    await client.query(
      `update clinics set subscription_tier = 'professional', time_zone = 'Europe/Madrid' where id = $1`,
      [server.clinicId],
    );
    await seed(client, server.clinicId, sizes);
    await client.query(`insert into clinics (id, name) values ('cln-neighbour', 'Neighbour Clinic')`);
    const tenth = Object.fromEntries(
      Object.entries(sizes).map(([k, v]) => [k, Math.round(v / 10)]),
    ) as typeof sizes;
    await seed(client, 'cln-neighbour', tenth);
    await refreshPlannerStatistics(server.db);
    // A steady clinic's tables are vacuumed (autovacuum): index-only scans need the visibility map.
    await client.query('vacuum analyze');
    figures.seed = { seconds: Math.round((performance.now() - seedStarted) / 100) / 10 };

    const headers = { cookie: server.cookie };
    const today = Date.now();
    for (const days of [30, 90]) {
      const url = `${server.baseUrl}/api/analytics/summary?from=${isoDay(today - (days - 1) * 86_400_000)}&to=${isoDay(today)}`;
      const probe = await fetch(url, { headers });
      if (!probe.ok) {
        figures[`GET summary ${days} days`] = {
          error: `HTTP ${probe.status} ${(await probe.text()).slice(0, 120)}`,
        };
        continue;
      }
      await loadTest(url, headers, 5, 1); // warm-up
      const latency = await loadTest(url, headers, requests, 1);
      figures[`GET summary ${days} days`] = {
        requests,
        failures: latency.failures,
        p50Ms: latency.p50Ms,
        p99Ms: latency.p99Ms,
        load1m: loadAverage()[0] ?? 0,
      };
      // The bare statement: follow-ups of the period and the one before, per channel, day and procedure.
      const from = new Date(today - 2 * days * 86_400_000).toISOString();
      const plan = await client.query(
        `explain (analyze, buffers) select c.channel, to_char(c.sent_at at time zone 'Europe/Madrid', 'YYYY-MM-DD'), p.procedure,
           count(*), count(*) filter (where c.delivery_status in ('delivered','read')),
           count(*) filter (where c.delivery_status = 'failed'), count(*) filter (where c.response_received)
         from patient_communications c join patients p on p.clinic_id = c.clinic_id and p.id = c.patient_id
         where c.clinic_id = $1 and c.kind = 'followup' and c.sent_at is not null and c.sent_at >= $2 and c.sent_at < now()
         group by 1, 2, 3`,
        [server.clinicId, from],
      );
      const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0] ?? '');
      const execution = lines.find((line) => line.startsWith('Execution Time')) ?? '';
      figures[`bare follow-ups statement ${days} days (x2 window)`] = {
        executionMs: Number(execution.replace(/[^0-9.]/g, '')),
        plan:
          lines
            .find((line) => line.includes('Index') || line.includes('Scan'))
            ?.trim()
            .slice(0, 110) ?? '',
      };
      // Each statement the summary runs, as it runs it, median of five EXPLAIN ANALYZE runs.
      const statements = await explainSummaryStatements(client, server.clinicId, 'Europe/Madrid', days);
      Object.assign(figures, statements);
      figures[`all statements ${days} days (sum of medians)`] = {
        medianMs:
          Math.round(Object.values(statements).reduce((sum, row) => sum + Number(row.medianMs), 0) * 10) / 10,
        load1m: loadAverage()[0] ?? 0,
      };
    }
  } finally {
    await client.end();
    await server.close();
    if (keepDatabase) console.log(`Kept: ${database.env.DATABASE_URL} (clinic ${server.clinicId})`);
    else await database.dispose();
  }
}

writeResult('analytics', {
  workload: `One clinic (Europe/Madrid, Professional) with ${sizes.patients} patients, ${sizes.reviews} reviews, ${sizes.messages} follow-ups, ${sizes.cases} cases, ${sizes.surveys} survey requests over a year, plus a neighbour a tenth its size; ${requests} signed-in GET /api/analytics/summary one at a time for 30 and 90 days, the bare follow-ups statement and each statement of the summary with EXPLAIN ANALYZE (median of 5). Target: p99 < 300 ms on PostgreSQL.`,
  figures,
});
