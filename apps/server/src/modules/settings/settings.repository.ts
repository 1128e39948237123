import type { ProviderErrorCode } from '@careloop/domain/provider-errors';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicAutomationConfigs, clinics, credentialHealth } from '../../db/schema';
import { newId } from '../../lib/ids';

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

/** One check of a credential: a Test connection, a sync, or `unknown` when it was (re)saved. */
export async function insertCredentialCheck(
  db: Database,
  row: {
    clinicId: string;
    credentialType: string;
    status: 'healthy' | 'unhealthy' | 'unknown';
    detail: string | null;
    errorCode: ProviderErrorCode | null;
    checkedAt: Date;
  },
) {
  await db.insert(credentialHealth).values({ id: newId('crh'), ...row });
}

/** The latest check of each of the given credential types. */
export async function findLatestCredentialChecks(db: Database, clinicId: string, types: readonly string[]) {
  const rows = await db
    .selectDistinctOn([credentialHealth.credentialType], {
      credentialType: credentialHealth.credentialType,
      status: credentialHealth.status,
      errorCode: credentialHealth.errorCode,
      checkedAt: credentialHealth.checkedAt,
    })
    .from(credentialHealth)
    .where(and(eq(credentialHealth.clinicId, clinicId), inArray(credentialHealth.credentialType, [...types])))
    .orderBy(credentialHealth.credentialType, desc(credentialHealth.checkedAt));
  return new Map(rows.map((row) => [row.credentialType, row]));
}
