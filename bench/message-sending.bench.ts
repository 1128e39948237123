import { eq, sql } from 'drizzle-orm';
import { clinics, patientCommunications, patients } from '../apps/server/src/db/schema';
import { sendDueMessages } from '../apps/server/src/modules/outbox/send-sweep.service';
import {
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../apps/server/src/testing/channel-sandboxes';
import { startOpenAiSandbox } from '../apps/server/src/testing/openai-sandbox';
import { middayZone } from '../apps/server/src/testing/outbox-fixtures';
import { type BenchDatabase, createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { writeResult } from './support/report';

// Workload: one clinic with Twilio SMS set up, 10,000 follow-ups queued and due. The sender sweeps
// them the way the send-messages job does (claim batches of 100 with FOR UPDATE SKIP LOCKED, 4
// sends in flight per worker): re-read the patient's opt-outs and consent, ask the AI model (the
// OpenAI sandbox) for the text, check it, commit the idempotency marker, send through the Twilio
// sandbox over HTTP, store the provider id; meanwhile the sandbox posts each message's signed status
// callbacks (sent, delivered) to the app, as Twilio does. Figure: messages per second per worker. On
// PostgreSQL the same 10,000 are also sent by 2 workers at once (the per-worker figure shows how it
// scales). Until 2026-11-29 the check counted only rows left in `sent`, which the callbacks now move
// on to `delivered`: the run stopped with "expected 10000 sent once" though each went once.
const messageCount = 10_000;
const batchSize = 100;
const concurrency = 4;

type Server = Awaited<ReturnType<typeof startInProcessServer>>;

async function enableSms(server: Server) {
  const headers = { cookie: server.cookie, 'content-type': 'application/json', origin: server.baseUrl };
  const sms = await fetch(`${server.baseUrl}/api/settings/sms`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ provider: 'twilio', ...channelSandboxCredentials.twilio }),
  });
  if (!sms.ok) throw new Error(`SMS settings: HTTP ${sms.status}`);
  // The sender keeps the clinic's quiet hours: a zone where it is now midday, whenever the bench runs.
  await server.db.update(clinics).set({ timeZone: middayZone() }).where(eq(clinics.id, server.clinicId));
}

async function seed(server: Server, prefix: string) {
  const now = Date.now();
  for (let start = 0; start < messageCount; start += 1000) {
    const size = Math.min(1000, messageCount - start);
    const ids = Array.from({ length: size }, (_, j) => `${prefix}-${String(start + j).padStart(6, '0')}`);
    await server.db.insert(patients).values(
      ids.map((id, j) => ({
        clinicId: server.clinicId,
        id,
        name: `Patient ${start + j} Example`,
        phone: `+3461${String(1_000_000 + start + j).padStart(7, '0')}`,
        procedure: 'Dental Implant',
        language: (['en', 'es', 'tr'] as const)[(start + j) % 3]!,
        procedureDate: new Date(now - 3 * 86_400_000),
      })),
    );
    await server.db.insert(patientCommunications).values(
      ids.map((id, j) => ({
        clinicId: server.clinicId,
        id: `msg-${id}`,
        patientId: id,
        channel: 'sms',
        kind: 'followup',
        scheduleDay: 3,
        messageContent: '',
        deliveryStatus: 'queued',
        dedupeKey: `${id}:followup:3`,
        scheduledAt: new Date(now - 60_000 - (start + j)),
        language: (['en', 'es', 'tr'] as const)[(start + j) % 3]!,
      })),
    );
  }
}

async function statusCounts(server: Server) {
  const rows = await server.db
    .select({ status: patientCommunications.deliveryStatus, count: sql<number>`count(*)::int` })
    .from(patientCommunications)
    .where(eq(patientCommunications.clinicId, server.clinicId))
    .groupBy(patientCommunications.deliveryStatus);
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}

const figures: Record<string, Record<string, number | string>> = {};

// Dropping a bench database WITH (FORCE) ends its connections; a pooled client that notices only
// then reports 57P01 on a pool already closed. That is the cleanup, not a failure of the run.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code === '57P01') return;
  console.error(error);
  process.exit(1);
});
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

const channels = await startChannelSandboxes();
const ai = await startOpenAiSandbox();
try {
  for (const kind of kinds) {
    const workerCounts = kind === 'postgres' ? [1, 2] : [1];
    for (const workers of workerCounts) {
      const database = await createBenchDatabase(kind);
      const withSandboxes: BenchDatabase = {
        ...database,
        env: { ...database.env, ...channels.env, ...ai.env, INTEGRATION_TIMEOUT_MS: '10000' },
      };
      const server = await startInProcessServer(withSandboxes, 3814);
      try {
        await enableSms(server);
        await seed(server, `${kind}${workers}`);
        const smsBefore = channels.twilio.messages.length;
        const aiBefore = ai.state.requests.length;
        const { deps } = server;
        const started = performance.now();
        const results = await Promise.all(
          Array.from({ length: workers }, () =>
            sendDueMessages(deps, { batchSize, concurrency, clinicIds: [server.clinicId] }),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        const sent = results.reduce((sum, r) => sum + r.sent, 0);
        const counts = await statusCounts(server);
        // Handed to the provider once: the Twilio fake's status callbacks move a sent row on to
        // delivered while the sweep runs, so every state past the send counts.
        const handedOver = (counts.sent ?? 0) + (counts.delivered ?? 0) + (counts.read ?? 0);
        const providerMessages = channels.twilio.messages.length - smsBefore;
        figures[`${kind}, ${workers} worker${workers > 1 ? 's' : ''}`] = {
          messages: sent,
          seconds: Math.round(seconds * 100) / 100,
          messagesPerSecond: Math.round(sent / seconds),
          messagesPerSecondPerWorker: Math.round(sent / seconds / workers),
          providerMessages,
          aiCalls: ai.state.requests.length - aiBefore,
          rowsSent: handedOver,
          rowsDeliveredByCallback: counts.delivered ?? 0,
          rowsNotSent: messageCount - handedOver,
        };
        console.log(
          `${kind}, ${workers} worker(s):`,
          JSON.stringify(figures[`${kind}, ${workers} worker${workers > 1 ? 's' : ''}`]),
        );
        if (providerMessages !== messageCount || handedOver !== messageCount)
          throw new Error(`expected ${messageCount} sent once, got ${providerMessages} provider messages`);
      } finally {
        await server.close();
        await database.dispose();
      }
    }
  }
} finally {
  await channels.close();
  await ai.close();
}

writeResult('message-sending', {
  workload: `One clinic, ${messageCount} due SMS follow-ups; send-messages sweeps (batches of ${batchSize}, ${concurrency} in flight per worker): consent re-read, AI text from the OpenAI sandbox, message check, idempotency marker, Twilio sandbox over HTTP, provider id stored; the sandbox's status callbacks (sent, delivered) come back signed to the app meanwhile. Each message must reach the provider exactly once.`,
  figures,
});
