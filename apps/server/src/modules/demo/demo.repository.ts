import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cases, clinics, patients, reviews, users } from '../../db/schema';

export async function countClinics(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(clinics);
  return rows[0]?.n ?? 0;
}

export async function markEmailVerified(db: Database, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
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
