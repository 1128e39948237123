import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageTemplates } from '../../db/schema';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type NewTemplateRow = Omit<typeof messageTemplates.$inferInsert, 'clinicId'>;

export function listTemplateRows(db: Database, clinicId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.clinicId, clinicId))
    .orderBy(asc(messageTemplates.createdAt), asc(messageTemplates.id));
}

/** Spec 1 §7: delete all of the clinic's templates, then insert the current set (caller's transaction). */
export async function replaceTemplateRows(db: Database, clinicId: string, rows: readonly NewTemplateRow[]) {
  await db.delete(messageTemplates).where(eq(messageTemplates.clinicId, clinicId));
  if (rows.length > 0) {
    await db.insert(messageTemplates).values(rows.map((row) => ({ ...row, clinicId })));
  }
}
