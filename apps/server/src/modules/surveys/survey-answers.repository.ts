import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { recomputePatientRisk } from '../../db/patient-risk';
import { clinicSurveySettings, clinics, patients, surveyRequests } from '../../db/schema';

/** A sent survey found by its link, with what its page shows. Public: found by the token's hash alone. */
export async function findSurveyByTokenHash(db: Database, tokenHash: string) {
  const rows = await db
    .select({
      id: surveyRequests.id,
      clinicId: surveyRequests.clinicId,
      patientId: surveyRequests.patientId,
      patientName: patients.name,
      procedure: surveyRequests.procedure,
      channel: surveyRequests.channel,
      language: surveyRequests.language,
      sentAt: surveyRequests.sentAt,
      expiresAt: surveyRequests.expiresAt,
      answeredAt: surveyRequests.answeredAt,
      score: surveyRequests.score,
      comment: surveyRequests.comment,
      clinicName: clinics.name,
      clinicTier: clinics.subscriptionTier,
      googleReviewUrl: clinicSurveySettings.googleReviewUrl,
      trustpilotReviewUrl: clinicSurveySettings.trustpilotReviewUrl,
    })
    .from(surveyRequests)
    .innerJoin(clinics, eq(clinics.id, surveyRequests.clinicId))
    .innerJoin(
      patients,
      and(eq(patients.clinicId, surveyRequests.clinicId), eq(patients.id, surveyRequests.patientId)),
    )
    .leftJoin(clinicSurveySettings, eq(clinicSurveySettings.clinicId, surveyRequests.clinicId))
    .where(eq(surveyRequests.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export type FoundSurvey = NonNullable<Awaited<ReturnType<typeof findSurveyByTokenHash>>>;

export type PreviousSurveyAnswer = { answeredAt: Date | null; score: number | null; comment: string | null };

/**
 * Stores an answer when the survey is unanswered or its first answer is still changeable, and
 * answers what was there before (null: nothing stored). The row is read locked in the same
 * statement: of two answers at once, the second waits and sees the first, so it is a change (its
 * note, no second alert), not a second first answer.
 */
export async function storeSurveyAnswer(
  db: Database,
  survey: { clinicId: string; id: string },
  answer: { score: number; comment: string | null; at: Date; changeableSince: Date },
): Promise<PreviousSurveyAnswer | null> {
  const at = answer.at.toISOString();
  const rows = await executeRows<{
    patient_id: string;
    answered_at: string | Date | null;
    score: number | null;
    comment: string | null;
  }>(
    db,
    sql`update survey_requests s
      set score = ${answer.score}, comment = ${answer.comment},
        answered_at = coalesce(before.answered_at, ${at}::timestamptz), updated_at = ${at}::timestamptz
      from (select id, answered_at, score, comment from survey_requests
            where clinic_id = ${survey.clinicId} and id = ${survey.id} for update) before
      where s.clinic_id = ${survey.clinicId} and s.id = before.id
        and (before.answered_at is null or before.answered_at > ${answer.changeableSince.toISOString()}::timestamptz)
      returning s.patient_id, before.answered_at, before.score, before.comment`,
  );
  const row = rows[0];
  if (!row) return null;
  await recomputePatientRisk(db, survey.clinicId, row.patient_id);
  return {
    answeredAt: row.answered_at === null ? null : new Date(row.answered_at),
    score: row.score,
    comment: row.comment,
  };
}
