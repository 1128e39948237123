import { eq, sql } from 'drizzle-orm';
import { patientCommunications, patients, reviews } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { findClinicAutomation } from '../apps/server/src/modules/automation/automation.repository';
import { planClinicFollowUps } from '../apps/server/src/modules/automation/followup-planner';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { writeResult } from './support/report';

// Workload: one clinic with 100,000 patients and SMS ready. 90,000 had their procedure in the last
// 17 days (about 70% of them have a follow-up due now: day 1, 3, 7 or 14 within the catch-up);
// 10,000 had it 30-60 days ago with a matched 5-star review, half of them with marketing consent
// (cross-sell due). The planner runs twice: the first run writes the outbox, the second finds
// everything planned and writes nothing. Target: first run under 10 s.
const sizes = { recent: 90_000, crossSell: 10_000 };
const dayMs = 86_400_000;

type Server = Awaited<ReturnType<typeof startInProcessServer>>;

async function seed(server: Server, clinicId: string, now: number) {
  const total = sizes.recent + sizes.crossSell;
  for (let start = 0; start < total; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - start) }, (_, j) => {
      const i = start + j;
      const isRecent = i < sizes.recent;
      const daysAgo = isRecent ? (i % 17) + ((i * 7) % 24) / 24 : 30 + (i % 31);
      return {
        clinicId,
        id: `P-${String(i).padStart(6, '0')}`,
        name: `Patient ${i} Example`,
        phone: `+3461${String(1_000_000 + i).padStart(7, '0')}`,
        procedure: 'Dental Implant',
        language: (['en', 'es', 'tr', null] as const)[i % 4]!,
        procedureDate: new Date(now - daysAgo * dayMs),
        marketingConsent: !isRecent && i % 2 === 0 ? 'granted' : null,
        marketingConsentAt: !isRecent && i % 2 === 0 ? new Date(now) : null,
        marketingConsentSource: !isRecent && i % 2 === 0 ? 'staff' : null,
        smsOptedOutAt: i % 50 === 0 ? new Date(now) : null,
        smsOptOutSource: i % 50 === 0 ? 'patient_reply' : null,
      };
    });
    await server.db.insert(patients).values(batch);
  }
  for (let start = sizes.recent; start < total; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - start) }, (_, j) => {
      const i = start + j;
      return {
        clinicId,
        id: newId('rev'),
        provider: 'trustpilot',
        providerReviewId: `tp-${i}`,
        patientId: `P-${String(i).padStart(6, '0')}`,
        rating: 5,
        reviewDate: new Date(now - 10 * dayMs),
        matchStatus: 'matched',
      };
    });
    await server.db.insert(reviews).values(batch);
  }
}

async function enableSms(server: Server) {
  const headers = { cookie: server.cookie, 'content-type': 'application/json', origin: server.baseUrl };
  const sms = await fetch(`${server.baseUrl}/api/settings/sms`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      provider: 'twilio',
      accountSid: `AC${'1'.repeat(32)}`,
      authToken: 'x'.repeat(32),
      fromNumber: '+14155552671',
    }),
  });
  if (!sms.ok) throw new Error(`SMS settings: HTTP ${sms.status}`);
  const automation = await fetch(`${server.baseUrl}/api/automation/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ quietHours: { sendFrom: '00:00', sendUntil: '23:59' } }),
  });
  if (!automation.ok) throw new Error(`automation settings: HTTP ${automation.status}`);
}

const seconds = (started: number) => Math.round((performance.now() - started) / 10) / 100;

const figures: Record<string, Record<string, number | string>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, 3813);
  try {
    const now = Date.now();
    const seedStarted = performance.now();
    await enableSms(server);
    await seed(server, server.clinicId, now);
    figures[`${kind} seed`] = { seconds: seconds(seedStarted) };
    const clinic = await findClinicAutomation(server.db, server.clinicId);
    if (!clinic) throw new Error('no clinic');
    for (const run of ['first run', 'second run'] as const) {
      const started = performance.now();
      const result = await planClinicFollowUps({ db: server.db }, clinic, { now: new Date(now) });
      figures[`${kind} ${run}`] = {
        seconds: seconds(started),
        patientsRead: result.patients,
        planned: result.planned,
        skipped: result.skipped,
      };
    }
    const [outbox] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(patientCommunications)
      .where(eq(patientCommunications.clinicId, server.clinicId));
    figures[`${kind} outbox rows`] = { rows: outbox?.count ?? 0 };
  } finally {
    await server.close();
    await database.dispose();
  }
}

writeResult('followup-planning', {
  workload: `One clinic, ${sizes.recent + sizes.crossSell} patients (${sizes.recent} with a procedure in the last 17 days, ${sizes.crossSell} 30-60 days ago with a 5-star review, half consenting to marketing; 1 in 50 opted out of SMS); plan-followups for the clinic twice (the second plans nothing). Target: first run under 10 s.`,
  figures,
});
