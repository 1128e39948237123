import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../../db/client';
import { deleteHeartbeat, latestHeartbeatAt, upsertHeartbeat } from './worker-heartbeat.repository';

/** How often a process that works jobs says so. */
const heartbeatIntervalMs = 30_000;
/** Four beats missed: the worker is gone (killed, hung or cut off from the database). */
export const heartbeatStaleAfterMs = 4 * heartbeatIntervalMs;

type Log = { error: (obj: object, msg: string) => void };

/**
 * Beats at once and then every 30 seconds until stopped; a stop removes the row, so a worker shut
 * down on purpose is not read as one that died. A beat that fails is logged and tried again at the
 * next interval: the row going stale is exactly what the status page should then see.
 */
export function startWorkerHeartbeat(
  db: Database,
  log: Log,
  options: { now?: () => Date; intervalMs?: number } = {},
) {
  const now = options.now ?? (() => new Date());
  const worker = { workerId: randomUUID(), host: os.hostname(), pid: process.pid, startedAt: now() };
  const beat = () =>
    upsertHeartbeat(db, worker, now()).catch((error: unknown) =>
      log.error({ err: error }, 'job worker heartbeat failed'),
    );
  const first = beat();
  const timer = setInterval(beat, options.intervalMs ?? heartbeatIntervalMs);
  timer.unref();
  return {
    workerId: worker.workerId,
    /** Resolves once the first beat is written (or has failed and been logged). */
    started: first,
    async stop() {
      clearInterval(timer);
      await first;
      await deleteHeartbeat(db, worker.workerId).catch((error: unknown) =>
        log.error({ err: error }, 'removing the job worker heartbeat failed'),
      );
    },
  };
}

/** Whether some process has worked jobs within the last two minutes, as the database says. */
export async function isAnyWorkerAlive(db: Database, now = new Date()): Promise<boolean> {
  const latest = await latestHeartbeatAt(db);
  return latest !== null && now.getTime() - latest.getTime() <= heartbeatStaleAfterMs;
}
