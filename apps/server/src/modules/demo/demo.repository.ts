import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  alerts,
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
  webhookLogs,
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

/** The demo's patients, reviews and cases, in the caller's transaction (reviews and cases refer to the patients). */
export async function insertDemoRecords(
  tx: Transaction,
  rows: {
    patients: (typeof patients.$inferInsert)[];
    reviews: (typeof reviews.$inferInsert)[];
    cases: (typeof cases.$inferInsert)[];
  },
) {
  if (rows.patients.length) await tx.insert(patients).values(rows.patients);
  if (rows.reviews.length) await tx.insert(reviews).values(rows.reviews);
  if (rows.cases.length) await tx.insert(cases).values(rows.cases);
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

/** The demo clinic's survey settings and its sent surveys, in the caller's transaction. */
export async function insertDemoSurveys(
  tx: Transaction,
  clinicId: string,
  rows: {
    settings: Omit<typeof clinicSurveySettings.$inferInsert, 'clinicId'>;
    patients: (typeof patients.$inferInsert)[];
    requests: (typeof surveyRequests.$inferInsert)[];
    messages: (typeof patientCommunications.$inferInsert)[];
  },
) {
  await tx
    .insert(clinicSurveySettings)
    .values({ clinicId, ...rows.settings })
    .onConflictDoNothing({ target: clinicSurveySettings.clinicId });
  if (rows.patients.length) await tx.insert(patients).values(rows.patients);
  if (rows.requests.length) await tx.insert(surveyRequests).values(rows.requests);
  if (rows.messages.length) await tx.insert(patientCommunications).values(rows.messages);
}

export type DemoHistoryRows = {
  users: (typeof users.$inferInsert)[];
  members: (typeof clinicUsers.$inferInsert)[];
  patients: (typeof patients.$inferInsert)[];
  messages: (typeof patientCommunications.$inferInsert)[];
  replies: (typeof webhookLogs.$inferInsert)[];
  surveys: (typeof surveyRequests.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  alerts: (typeof alerts.$inferInsert)[];
  cases: (typeof cases.$inferInsert)[];
};

/** The demo clinic's history, in the caller's transaction (each table after the ones it refers to). */
export async function insertDemoHistory(tx: Transaction, rows: DemoHistoryRows) {
  if (rows.users.length) await tx.insert(users).values(rows.users);
  if (rows.members.length) await tx.insert(clinicUsers).values(rows.members);
  if (rows.patients.length) await tx.insert(patients).values(rows.patients);
  if (rows.messages.length) await tx.insert(patientCommunications).values(rows.messages);
  if (rows.replies.length) await tx.insert(webhookLogs).values(rows.replies);
  if (rows.surveys.length) await tx.insert(surveyRequests).values(rows.surveys);
  if (rows.reviews.length) await tx.insert(reviews).values(rows.reviews);
  if (rows.alerts.length) await tx.insert(alerts).values(rows.alerts);
  if (rows.cases.length) await tx.insert(cases).values(rows.cases);
}
