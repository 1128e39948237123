import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { surveyRequests } from '../../db/schema';

// The survey request behind a survey message (same id): the sender makes its link live.

/** The survey request a survey message carries (same id), for the sender. */
export async function findSurveyRequest(db: Database, clinicId: string, id: string) {
  const rows = await db
    .select({ id: surveyRequests.id, sentAt: surveyRequests.sentAt })
    .from(surveyRequests)
    .where(and(eq(surveyRequests.clinicId, clinicId), eq(surveyRequests.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The link works from the moment the message may reach the patient (the sender's idempotency
 * marker) for `validForMs`; a retry keeps the first time.
 */
export async function markSurveyLinkLive(
  db: Database,
  clinicId: string,
  id: string,
  values: { now: Date; validForMs: number },
) {
  await db
    .update(surveyRequests)
    .set({
      sentAt: values.now,
      expiresAt: new Date(values.now.getTime() + values.validForMs),
      updatedAt: values.now,
    })
    .where(
      and(
        eq(surveyRequests.clinicId, clinicId),
        eq(surveyRequests.id, id),
        sql`${surveyRequests.sentAt} is null`,
      ),
    );
}
