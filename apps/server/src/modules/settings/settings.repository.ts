import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicAutomationConfigs, clinics } from '../../db/schema';

export type ClinicProfileRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  category: string | null;
  brandTone: string;
  subscriptionTier: string;
  sandboxMode: string;
  defaultLanguage: string;
  timeZone: string;
  country: string | null;
  idleTimeoutMinutes: number;
};

export async function findClinicProfile(db: Database, clinicId: string): Promise<ClinicProfileRow | null> {
  const rows = await db
    .select({
      id: clinics.id,
      name: clinics.name,
      email: clinics.email,
      phone: clinics.phone,
      category: clinics.category,
      brandTone: clinics.brandTone,
      subscriptionTier: clinics.subscriptionTier,
      sandboxMode: clinics.sandboxMode,
      defaultLanguage: clinics.defaultLanguage,
      timeZone: clinics.timeZone,
      country: clinics.country,
      idleTimeoutMinutes: clinics.idleTimeoutMinutes,
    })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateClinicProfile(
  db: Database,
  clinicId: string,
  values: Partial<
    Pick<
      ClinicProfileRow,
      | 'name'
      | 'email'
      | 'phone'
      | 'category'
      | 'brandTone'
      | 'defaultLanguage'
      | 'timeZone'
      | 'country'
      | 'idleTimeoutMinutes'
    >
  >,
) {
  await db
    .update(clinics)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clinics.id, clinicId));
}

export type AutomationConfigRow = typeof clinicAutomationConfigs.$inferSelect;
export type AutomationConfigValues = Partial<Omit<typeof clinicAutomationConfigs.$inferInsert, 'clinicId'>>;

export async function findAutomationConfig(
  db: Database,
  clinicId: string,
): Promise<AutomationConfigRow | null> {
  const rows = await db
    .select()
    .from(clinicAutomationConfigs)
    .where(eq(clinicAutomationConfigs.clinicId, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

/** One row per clinic (spec 1 §7 upsert keyed by clinic_id); unspecified columns keep their values. */
export async function upsertAutomationConfig(db: Database, clinicId: string, values: AutomationConfigValues) {
  await db
    .insert(clinicAutomationConfigs)
    .values({ clinicId, ...values })
    .onConflictDoUpdate({
      target: clinicAutomationConfigs.clinicId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
