import type { StoredClinicProcedure } from '@careloop/domain/clinic-procedures';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicProcedures } from '../../db/schema';

const storedColumns = {
  key: clinicProcedures.key,
  nameEn: clinicProcedures.nameEn,
  nameEs: clinicProcedures.nameEs,
  nameTr: clinicProcedures.nameTr,
  archivedAt: clinicProcedures.archivedAt,
};

/** The clinic's stored procedures (its own, and defaults it renamed or archived), oldest first. */
export function listStoredProcedures(db: Database, clinicId: string): Promise<StoredClinicProcedure[]> {
  return db
    .select(storedColumns)
    .from(clinicProcedures)
    .where(eq(clinicProcedures.clinicId, clinicId))
    .orderBy(asc(clinicProcedures.createdAt), asc(clinicProcedures.key));
}

/** Writes a procedure's names and archive state, adding its row the first time. */
export async function saveStoredProcedure(
  db: Database,
  clinicId: string,
  row: StoredClinicProcedure,
  now: Date,
): Promise<void> {
  const values = {
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    nameTr: row.nameTr,
    archivedAt: row.archivedAt,
    updatedAt: now,
  };
  await db
    .insert(clinicProcedures)
    .values({ clinicId, key: row.key, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [clinicProcedures.clinicId, clinicProcedures.key], set: values });
}

/** Takes the clinic's procedure list for the transaction, so two renames cannot both take a name. */
export async function lockStoredProcedures(db: Database, clinicId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`procedures:${clinicId}`}))`);
}
