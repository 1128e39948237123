import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cases,
  clinicAutomationConfigs,
  clinicSurveySettings,
  clinics,
  clinicUsers,
  onboardingProgress,
  patientCommunications,
  patients,
  reviews,
  surveyRequests,
  users,
} from '../../db/schema';

export async function countClinics(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(clinics);
  return rows[0]?.n ?? 0;
}

export async function updateDemoClinic(
  db: Database,
  clinicId: string,
  values: Partial<typeof clinics.$inferInsert>,
) {
  await db.update(clinics).set(values).where(eq(clinics.id, clinicId));
}

export async function insertDemoRecords(
  db: Database,
  rows: {
    patients: (typeof patients.$inferInsert)[];
    reviews: (typeof reviews.$inferInsert)[];
    cases: (typeof cases.$inferInsert)[];
  },
) {
  await db.transaction(async (tx) => {
    if (rows.patients.length) await tx.insert(patients).values(rows.patients);
    if (rows.reviews.length) await tx.insert(reviews).values(rows.reviews);
    if (rows.cases.length) await tx.insert(cases).values(rows.cases);
  });
}

/** The demo clinic's messaging setup (one row per clinic; a second seed changes nothing). */
export async function insertDemoAutomationConfig(
  db: Database,
  clinicId: string,
  values: Omit<typeof clinicAutomationConfigs.$inferInsert, 'clinicId'>,
) {
  await db
    .insert(clinicAutomationConfigs)
    .values({ clinicId, ...values })
    .onConflictDoNothing({ target: clinicAutomationConfigs.clinicId });
}

/** The demo clinic is set up: its onboarding is done, so the dashboard offers no setup banner. */
export async function insertDemoOnboardingDone(db: Database, clinicId: string, at: Date) {
  await db
    .insert(onboardingProgress)
    .values({
      clinicId,
      stepCompleted: 4,
      clinicProfileCompleted: true,
      whatsappSetupCompleted: true,
      smsSetupCompleted: true,
      templatesSetupCompleted: true,
      wizardCompleted: true,
      completedAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: onboardingProgress.clinicId });
}

/** The clinic of the user with this e-mail (the demo owner's), if any. */
export async function findClinicIdOfUser(db: Database, email: string): Promise<string | null> {
  const rows = await db
    .select({ clinicId: clinicUsers.clinicId })
    .from(users)
    .innerJoin(clinicUsers, eq(clinicUsers.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return rows[0]?.clinicId ?? null;
}

/** The demo clinic's survey settings and its sent surveys: each outbox message with its survey request. */
export async function insertDemoSurveys(
  db: Database,
  clinicId: string,
  rows: {
    settings: Omit<typeof clinicSurveySettings.$inferInsert, 'clinicId'>;
    patients: (typeof patients.$inferInsert)[];
    requests: (typeof surveyRequests.$inferInsert)[];
    messages: (typeof patientCommunications.$inferInsert)[];
  },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(clinicSurveySettings)
      .values({ clinicId, ...rows.settings })
      .onConflictDoNothing({ target: clinicSurveySettings.clinicId });
    if (rows.patients.length) await tx.insert(patients).values(rows.patients);
    if (rows.requests.length) await tx.insert(surveyRequests).values(rows.requests);
    if (rows.messages.length) await tx.insert(patientCommunications).values(rows.messages);
  });
}
