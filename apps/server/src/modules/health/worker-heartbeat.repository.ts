import { eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobWorkerHeartbeats } from '../../db/schema';

export type WorkerIdentity = { workerId: string; host: string; pid: number; startedAt: Date };

export async function upsertHeartbeat(db: Database, worker: WorkerIdentity, at: Date): Promise<void> {
  await db
    .insert(jobWorkerHeartbeats)
    .values({ ...worker, beatAt: at })
    .onConflictDoUpdate({ target: jobWorkerHeartbeats.workerId, set: { beatAt: at } });
}

export async function deleteHeartbeat(db: Database, workerId: string): Promise<void> {
  await db.delete(jobWorkerHeartbeats).where(eq(jobWorkerHeartbeats.workerId, workerId));
}

export async function latestHeartbeatAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(jobWorkerHeartbeats.beatAt) }).from(jobWorkerHeartbeats);
  return row?.at ?? null;
}
