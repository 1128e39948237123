import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

/**
 * Stores the answer when the survey is still open to it: never answered, or first answered after
 * `changeableSince`. The condition is in the UPDATE, so two answers at once cannot both pass a
 * check made before. False when nothing was stored.
 */
export async function storeSurveyAnswer(
  db: Database,
  survey: { clinicId: string; id: string },
  answer: { score: number; comment: string | null; at: Date; changeableSince: Date },
): Promise<boolean> {
  const rows = await db
    .update(surveyRequests)
    .set({
      score: answer.score,
      comment: answer.comment,
      // The 24 hours run from the first answer: a changed answer keeps its time.
      answeredAt: sql`coalesce(${surveyRequests.answeredAt}, ${answer.at.toISOString()}::timestamptz)`,
      updatedAt: answer.at,
    })
    .where(
      and(
        eq(surveyRequests.clinicId, survey.clinicId),
        eq(surveyRequests.id, survey.id),
        or(isNull(surveyRequests.answeredAt), gt(surveyRequests.answeredAt, answer.changeableSince)),
      ),
    )
    .returning({ id: surveyRequests.id, patientId: surveyRequests.patientId });
  if (rows[0]) await recomputePatientRisk(db, survey.clinicId, rows[0].patientId);
  return rows.length > 0;
}
