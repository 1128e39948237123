import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { clinics, onboardingProgress } from '../../db/schema';

export type OnboardingRow = {
  name: string;
  email: string | null;
  phone: string | null;
  category: string | null;
  brandTone: string;
  defaultLanguage: string;
  timeZone: string;
  country: string | null;
  settings: unknown;
  progress: typeof onboardingProgress.$inferSelect | null;
};

export async function findOnboardingRow(db: Database, clinicId: string): Promise<OnboardingRow | null> {
  const rows = await db
    .select({
      name: clinics.name,
      email: clinics.email,
      phone: clinics.phone,
      category: clinics.category,
      brandTone: clinics.brandTone,
      defaultLanguage: clinics.defaultLanguage,
      timeZone: clinics.timeZone,
      country: clinics.country,
      settings: clinics.settings,
      progress: onboardingProgress,
    })
    .from(clinics)
    .leftJoin(onboardingProgress, eq(onboardingProgress.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

export type StepFlags = Partial<
  Pick<
    typeof onboardingProgress.$inferInsert,
    | 'clinicProfileCompleted'
    | 'whatsappSetupCompleted'
    | 'smsSetupCompleted'
    | 'templatesSetupCompleted'
    | 'wizardCompleted'
  >
>;

/**
 * Records a completed step: step_completed only moves forward, the flags are set, and the clinic's
 * settings.onboarding_collaboration[stepKey] says who completed it and when (spec 1 §3).
 */
export async function markStepCompleted(
  tx: Transaction,
  clinicId: string,
  input: { step: number; stepKey: string; flags: StepFlags; completedBy: string; userId: string },
) {
  const completedAt = input.flags.wizardCompleted ? sql`now()` : undefined;
  await tx
    .insert(onboardingProgress)
    .values({ clinicId, stepCompleted: input.step, ...input.flags, ...(completedAt && { completedAt }) })
    .onConflictDoUpdate({
      target: onboardingProgress.clinicId,
      set: {
        stepCompleted: sql`greatest(${onboardingProgress.stepCompleted}, ${input.step})`,
        ...input.flags,
        ...(completedAt && { completedAt }),
        updatedAt: sql`now()`,
      },
    });
  const marker = JSON.stringify({
    completed_by: input.completedBy,
    user_id: input.userId,
    completed_at: new Date().toISOString(),
  });
  await tx
    .update(clinics)
    .set({
      settings: sql`jsonb_set(
        jsonb_set(${clinics.settings}, '{onboarding_collaboration}', coalesce(${clinics.settings} -> 'onboarding_collaboration', '{}'::jsonb)),
        ${`{onboarding_collaboration,${input.stepKey}}`}::text[],
        ${marker}::jsonb
      )`,
      updatedAt: sql`now()`,
    })
    .where(eq(clinics.id, clinicId));
}

export async function setReachDismissed(db: Database, clinicId: string) {
  await db
    .update(clinics)
    .set({ settings: sql`${clinics.settings} || '{"reach_dismissed": true}'::jsonb`, updatedAt: sql`now()` })
    .where(eq(clinics.id, clinicId));
}
