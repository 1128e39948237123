import { setTimeout as sleep } from 'node:timers/promises';

/** Waits `ms`, or less when `stopping` is aborted meanwhile (the process is shutting down). */
export async function pause(ms: number, stopping?: AbortSignal) {
  await sleep(ms, undefined, stopping ? { signal: stopping } : undefined).catch(() => undefined);
}
