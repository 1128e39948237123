import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientImportUploads } from '../../db/schema';

export type ImportUpload = { id: string; fileName: string | null; bytes: Uint8Array };

/**
 * Keeps a member's file until `expiresAt`, replacing the one they uploaded before (one file per
 * member and clinic at a time), and drops every clinic's expired files on the way; in the caller's
 * transaction, so that the member never has no file or two.
 */
export async function saveImportUpload(
  tx: Database,
  upload: { id: string; clinicId: string; userId: string; fileName: string | null; bytes: Uint8Array },
  now: Date,
  expiresAt: Date,
) {
  // A sweep of files nobody can read any more, whichever clinic they were uploaded in.
  await tx.delete(patientImportUploads).where(lte(patientImportUploads.expiresAt, now));
  await tx
    .delete(patientImportUploads)
    .where(
      and(eq(patientImportUploads.clinicId, upload.clinicId), eq(patientImportUploads.userId, upload.userId)),
    );
  await tx.insert(patientImportUploads).values({ ...upload, createdAt: now, expiresAt });
}

/** The caller's own unexpired upload in their clinic, or null (another member's id is null too). */
export async function findImportUpload(
  db: Database,
  key: { id: string; clinicId: string; userId: string },
  now: Date,
): Promise<ImportUpload | null> {
  const rows = await db
    .select({
      id: patientImportUploads.id,
      fileName: patientImportUploads.fileName,
      bytes: patientImportUploads.bytes,
    })
    .from(patientImportUploads)
    .where(
      and(
        eq(patientImportUploads.id, key.id),
        eq(patientImportUploads.clinicId, key.clinicId),
        eq(patientImportUploads.userId, key.userId),
        gt(patientImportUploads.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The file has been imported: it is not kept any longer (in the import's transaction). */
export async function deleteImportUpload(db: Database, clinicId: string, id: string) {
  await db
    .delete(patientImportUploads)
    .where(and(eq(patientImportUploads.clinicId, clinicId), eq(patientImportUploads.id, id)));
}
