import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { secrets } from '../../db/schema';
import type { SealedSecret } from '../../lib/secret-box';

export async function upsertSecret(db: Database, clinicId: string, name: string, sealed: SealedSecret) {
  const rows = await db
    .insert(secrets)
    .values({ clinicId, name, ...sealed })
    .onConflictDoUpdate({
      target: [secrets.clinicId, secrets.name],
      set: { ...sealed, updatedAt: sql`now()` },
    })
    .returning({ name: secrets.name, updatedAt: secrets.updatedAt });
  return rows[0]!;
}

export function listSecretNames(db: Database, clinicId: string) {
  return db
    .select({ name: secrets.name, updatedAt: secrets.updatedAt })
    .from(secrets)
    .where(eq(secrets.clinicId, clinicId))
    .orderBy(asc(secrets.name));
}

export async function findSealedSecret(db: Database, clinicId: string, name: string) {
  const rows = await db
    .select({ ciphertext: secrets.ciphertext, iv: secrets.iv, authTag: secrets.authTag })
    .from(secrets)
    .where(and(eq(secrets.clinicId, clinicId), eq(secrets.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findExistingSecretNames(db: Database, clinicId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: secrets.name })
    .from(secrets)
    .where(and(eq(secrets.clinicId, clinicId), inArray(secrets.name, [...names])));
  return rows.map((row) => row.name);
}

/**
 * Every clinic's sealed secrets, locked until the transaction ends. Only the operator's key rotation
 * and restore check read across clinics; no route does.
 */
export function listAllSealedSecrets(db: Database | Transaction, options: { forUpdate: boolean }) {
  const query = db
    .select({
      clinicId: secrets.clinicId,
      name: secrets.name,
      ciphertext: secrets.ciphertext,
      iv: secrets.iv,
      authTag: secrets.authTag,
    })
    .from(secrets)
    .orderBy(asc(secrets.clinicId), asc(secrets.name));
  return options.forUpdate ? query.for('update') : query;
}

export async function replaceSealedSecret(
  tx: Transaction,
  clinicId: string,
  name: string,
  sealed: SealedSecret,
) {
  await tx
    .update(secrets)
    .set({ ...sealed, updatedAt: sql`now()` })
    .where(and(eq(secrets.clinicId, clinicId), eq(secrets.name, name)));
}

/** One clinic's sealed secrets (the Security Hardening check opens each under the current key). */
export function listClinicSealedSecrets(db: Database, clinicId: string) {
  return db
    .select({
      clinicId: secrets.clinicId,
      name: secrets.name,
      ciphertext: secrets.ciphertext,
      iv: secrets.iv,
      authTag: secrets.authTag,
    })
    .from(secrets)
    .where(eq(secrets.clinicId, clinicId))
    .orderBy(asc(secrets.name));
}

export async function deleteSecretRow(db: Database, clinicId: string, name: string) {
  await db.delete(secrets).where(and(eq(secrets.clinicId, clinicId), eq(secrets.name, name)));
}

/** Stores the secret unless the clinic already has one of this name (the first writer wins). */
export async function insertSecretIfAbsent(
  db: Database,
  clinicId: string,
  name: string,
  sealed: SealedSecret,
) {
  await db
    .insert(secrets)
    .values({ clinicId, name, ...sealed })
    .onConflictDoNothing({ target: [secrets.clinicId, secrets.name] });
}
