import { and, eq, gte, notLike, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { clinics, patientCommunications, secrets } from '../../db/schema';
import { sandboxEndedReason } from '../outbox/outbox-reasons';
import { sandboxWebhookSecretPrefix } from './sandbox-webhook-secrets';

/** Sandbox mode on the sandbox clock (POST /api/sandbox/clinic/sandbox-mode); the start time is kept if already on. */
export async function setClinicSandboxMode(db: Database, clinicId: string) {
  await db
    .update(clinics)
    .set({
      sandboxMode: 'on',
      sandboxClock: true,
      sandboxStartedAt: sql`coalesce(${clinics.sandboxStartedAt}, now())`,
    })
    .where(eq(clinics.id, clinicId));
}

/**
 * "Try it first": the clinic's providers become the fakes, on the real clock (like the demo clinic).
 * False when the clinic was already in sandbox mode (nothing changed).
 */
export async function startSandboxTrial(db: Database, clinicId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(clinics)
    .set({ sandboxMode: 'on', sandboxClock: false, sandboxStartedAt: at, updatedAt: at })
    .where(and(eq(clinics.id, clinicId), eq(clinics.sandboxMode, 'off')))
    .returning({ id: clinics.id });
  return rows.length > 0;
}

/**
 * Leaves sandbox mode (in the caller's transaction), so nothing the trial set up reaches a real provider: the
 * provider secrets saved since it began (they were for the fakes) are removed, messages still
 * queued are marked failed, and the clinic is back on the real providers and clock. Null when the
 * clinic was not in sandbox mode (nothing changed).
 */
export async function endSandbox(tx: Transaction, clinicId: string, at: Date) {
  const [clinic] = await tx
    .select({ since: sql<string>`coalesce(${clinics.sandboxStartedAt}, ${clinics.createdAt})` })
    .from(clinics)
    .where(and(eq(clinics.id, clinicId), eq(clinics.sandboxMode, 'on')))
    .for('update');
  if (!clinic) return null;
  const since = new Date(clinic.since);
  const removed = await tx
    .delete(secrets)
    .where(
      and(
        eq(secrets.clinicId, clinicId),
        gte(secrets.updatedAt, since),
        // The sandbox's own webhook secrets check nothing outside sandbox mode; kept for a return.
        notLike(secrets.name, `${sandboxWebhookSecretPrefix}%`),
      ),
    )
    .returning({ name: secrets.name });
  const cancelled = await tx
    .update(patientCommunications)
    .set({ deliveryStatus: 'failed', providerError: sandboxEndedReason, updatedAt: at })
    .where(
      and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.deliveryStatus, 'queued')),
    )
    .returning({ id: patientCommunications.id });
  await tx
    .update(clinics)
    .set({ sandboxMode: 'off', sandboxClock: false, sandboxStartedAt: null, updatedAt: at })
    .where(eq(clinics.id, clinicId));
  return { removedSecrets: removed.map((row) => row.name).sort(), cancelledMessages: cancelled.length };
}
