/**
 * When kept entries were last ended, as marks of one counter: an entry read under mark `m` (the
 * counter when its read began) is current while nothing that may change it was ended after `m`.
 * Ending takes a new mark, so a read that began before it is never current again.
 */
export function createEndMarks() {
  let counter = 0;
  let allEndedAt = 0;
  const clinicEndedAt = new Map<string, number>();
  return {
    mark: () => counter,
    isCurrent: (clinicId: string | null, readAt: number) =>
      readAt >= allEndedAt && (clinicId === null || readAt >= (clinicEndedAt.get(clinicId) ?? 0)),
    endAll() {
      allEndedAt = ++counter;
      clinicEndedAt.clear();
    },
    endClinic(clinicId: string) {
      clinicEndedAt.set(clinicId, ++counter);
    },
  };
}
