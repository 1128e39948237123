import { makePatientId } from '@careloop/domain/patient';

const maxClinics = 10_000;

/**
 * The 'P-<ms>' ids this process handed out in the current millisecond, per clinic, so that two
 * patients it adds in the same millisecond get '-2', '-3' ... at once: trying the same id and letting
 * the primary key refuse it cost the loser a wait for the winner's commit, a read of the taken ids and
 * a second insert (under ten concurrent creates, one create in six). Another process's ids are still
 * answered by the key (`createPatient`).
 */
export function createPatientIdIssuer() {
  const issued = new Map<string, { ms: number; ids: Set<string> }>();
  return {
    /** A free id of `now` for the clinic, past those this process issued and those `taken` (read from the table). */
    next(clinicId: string, now: Date, taken?: ReadonlySet<string>): string {
      const ms = now.getTime();
      let current = issued.get(clinicId);
      if (!current || current.ms !== ms) {
        if (issued.size >= maxClinics) issued.clear();
        current = { ms, ids: new Set() };
        issued.set(clinicId, current);
      }
      const ids = current.ids;
      const id = makePatientId(now, {
        has: (candidate) => ids.has(candidate) || taken?.has(candidate) === true,
      });
      ids.add(id);
      return id;
    },
  };
}

export type PatientIdIssuer = ReturnType<typeof createPatientIdIssuer>;
