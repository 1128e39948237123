import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicSurveySettings } from '../../db/schema';

export type SurveySettingsRow = typeof clinicSurveySettings.$inferSelect;
export type SurveySettingsValues = Omit<typeof clinicSurveySettings.$inferInsert, 'clinicId' | 'updatedAt'>;

export async function findSurveySettings(db: Database, clinicId: string): Promise<SurveySettingsRow | null> {
  const rows = await db
    .select()
    .from(clinicSurveySettings)
    .where(eq(clinicSurveySettings.clinicId, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertSurveySettings(db: Database, clinicId: string, values: SurveySettingsValues) {
  await db
    .insert(clinicSurveySettings)
    .values({ clinicId, ...values })
    .onConflictDoUpdate({
      target: clinicSurveySettings.clinicId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
