import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientAliases, patients } from '../../db/schema';

export type NewPatientAlias = typeof patientAliases.$inferInsert;

/** Records the alias once per clinic, patient and normalised name; a repeat changes nothing. */
export async function insertPatientAlias(db: Database, row: NewPatientAlias) {
  await db
    .insert(patientAliases)
    .values(row)
    .onConflictDoNothing({
      target: [patientAliases.clinicId, patientAliases.patientId, patientAliases.aliasKey],
    });
}

export function listPatientAliasRows(db: Database, clinicId: string, patientId: string) {
  return db
    .select()
    .from(patientAliases)
    .where(and(eq(patientAliases.clinicId, clinicId), eq(patientAliases.patientId, patientId)))
    .orderBy(asc(patientAliases.aliasKey));
}

/** Every alias of the clinic, for the matching engine. */
export function listClinicAliasRows(db: Database, clinicId: string) {
  return db
    .select({ patientId: patientAliases.patientId, alias: patientAliases.alias })
    .from(patientAliases)
    .where(eq(patientAliases.clinicId, clinicId));
}

export async function deletePatientAliasRow(db: Database, clinicId: string, patientId: string, id: string) {
  const deleted = await db
    .delete(patientAliases)
    .where(
      and(
        eq(patientAliases.clinicId, clinicId),
        eq(patientAliases.patientId, patientId),
        eq(patientAliases.id, id),
      ),
    )
    .returning({ id: patientAliases.id });
  return deleted.length > 0;
}

export async function patientExists(db: Database, clinicId: string, patientId: string) {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)));
  return rows.length > 0;
}
