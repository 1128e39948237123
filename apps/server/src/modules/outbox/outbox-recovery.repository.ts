import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { patientCommunications } from '../../db/schema';
import { onlyClinics, type SweepScope } from './outbox.repository';

export type StaleRecovery = {
  requeued: number;
  unknown: number;
  /** The messages marked failed, for their message.failed webhooks. */
  failed: { clinicId: string; id: string; patientId: string; channel: string; kind: string }[];
};

/**
 * Claims older than `staleBefore` belong to a worker that stopped. Never handed to the provider
 * (no `sent_at`): queued again, to be sent once by the next sweep. Handed to it (`sent_at` set):
 * the provider may have taken it, so it is not sent again but marked failed with the reason; the
 * stopped worker (should it come back) or a status callback can still record the real outcome.
 */
export async function recoverStaleClaims(
  db: Database,
  options: { staleBefore: Date; now: Date; unknownReason: string } & SweepScope,
): Promise<StaleRecovery> {
  const requeued = await executeRows<{ id: string }>(
    db,
    sql`
    update ${patientCommunications}
    set delivery_status = 'queued', updated_at = ${options.now}
    where delivery_status = 'sending' and sent_at is null and updated_at < ${options.staleBefore}
      ${onlyClinics(options)}
    returning id
  `,
  );
  const unknown = await executeRows<{
    clinic_id: string;
    id: string;
    patient_id: string;
    channel: string;
    kind: string;
  }>(
    db,
    sql`
    update ${patientCommunications}
    set delivery_status = 'failed', provider_error = ${options.unknownReason}, updated_at = ${options.now}
    where delivery_status = 'sending' and sent_at is not null and updated_at < ${options.staleBefore}
      ${onlyClinics(options)}
    returning clinic_id, id, patient_id, channel, kind
  `,
  );
  return {
    requeued: requeued.length,
    unknown: unknown.length,
    failed: unknown.map((row) => ({
      clinicId: row.clinic_id,
      id: row.id,
      patientId: row.patient_id,
      channel: row.channel,
      kind: row.kind,
    })),
  };
}
