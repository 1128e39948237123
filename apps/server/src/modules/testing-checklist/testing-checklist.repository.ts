import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { qaCaseResults, users } from '../../db/schema';

export type QaCaseRow = {
  caseId: string;
  completed: boolean;
  testedAt: Date | null;
  testerName: string | null;
  testerEmail: string | null;
  notes: string;
};

const rowColumns = {
  caseId: qaCaseResults.caseId,
  completed: qaCaseResults.completed,
  testedAt: qaCaseResults.testedAt,
  testerName: users.name,
  testerEmail: users.email,
  notes: qaCaseResults.notes,
};

/** The clinic's saved case states, with who ticked each (a removed user reads as nobody). */
export function listQaCaseRows(db: Database, clinicId: string, caseId?: string): Promise<QaCaseRow[]> {
  return db
    .select(rowColumns)
    .from(qaCaseResults)
    .leftJoin(users, eq(users.id, qaCaseResults.testedByUserId))
    .where(
      caseId === undefined
        ? eq(qaCaseResults.clinicId, clinicId)
        : and(eq(qaCaseResults.clinicId, clinicId), eq(qaCaseResults.caseId, caseId)),
    );
}

/**
 * One statement, so two testers at once cannot interleave: ticking records when and by whom
 * unless the case was already ticked (the first tester keeps the credit); unticking clears them;
 * notes are replaced only when sent.
 */
export async function upsertQaCase(
  db: Database,
  input: { clinicId: string; caseId: string; userId: string; completed?: boolean; notes?: string; at: Date },
): Promise<void> {
  const ticking = input.completed === true;
  const set: Record<string, unknown> = { updatedAt: input.at };
  if (input.completed === true) {
    set.completed = true;
    set.testedAt = sql`case when ${qaCaseResults.completed} then ${qaCaseResults.testedAt} else excluded.tested_at end`;
    set.testedByUserId = sql`case when ${qaCaseResults.completed} then ${qaCaseResults.testedByUserId} else excluded.tested_by_user_id end`;
  } else if (input.completed === false) {
    set.completed = false;
    set.testedAt = null;
    set.testedByUserId = null;
  }
  if (input.notes !== undefined) set.notes = input.notes;
  await db
    .insert(qaCaseResults)
    .values({
      clinicId: input.clinicId,
      caseId: input.caseId,
      completed: ticking,
      testedAt: ticking ? input.at : null,
      testedByUserId: ticking ? input.userId : null,
      notes: input.notes ?? '',
      updatedAt: input.at,
    })
    .onConflictDoUpdate({ target: [qaCaseResults.clinicId, qaCaseResults.caseId], set });
}
