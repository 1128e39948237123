import type { ClinicProcedure } from '@careloop/domain/clinic-procedures';
import { createEndMarks } from '../../lib/cache-end-marks';

const maxEntries = 10_000;

/**
 * A clinic's procedure list, kept `ttlMs` per process (the signed-in identity's
 * `SESSION_CACHE_SECONDS`, ADR 023) so that adding a patient does not read them each time: the read
 * was one of a create's two statements. A change made through another process is seen within `ttlMs`;
 * this process's own changes end the clinic's entry once committed, and a list read while a change
 * ran is never kept (it carries the older generation).
 */
export type ProcedureListCache = {
  /** The mark to read under: pass it back to `store`. */
  generation(): number;
  find(clinicId: string, now: number): readonly ClinicProcedure[] | null;
  store(clinicId: string, list: readonly ClinicProcedure[], generation: number, now: number): void;
  /** The clinic's procedures were written: later reads go to the table. */
  forget(clinicId: string): void;
};

export function createProcedureListCache(ttlMs: number): ProcedureListCache {
  const entries = new Map<string, { list: readonly ClinicProcedure[]; storedAt: number }>();
  const marks = createEndMarks();
  return {
    generation: marks.mark,
    find(clinicId, now) {
      if (ttlMs <= 0) return null;
      const entry = entries.get(clinicId);
      if (!entry) return null;
      if (now - entry.storedAt >= ttlMs) {
        entries.delete(clinicId);
        return null;
      }
      return entry.list;
    },
    store(clinicId, list, readAt, now) {
      if (ttlMs <= 0 || !marks.isCurrent(clinicId, readAt)) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(clinicId, { list, storedAt: now });
    },
    forget(clinicId) {
      marks.endClinic(clinicId);
      entries.delete(clinicId);
    },
  };
}
