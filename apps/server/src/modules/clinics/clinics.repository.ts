import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClinicRole, clinics, clinicUsers } from '../../db/schema';

export type Membership = {
  clinicId: string;
  role: ClinicRole;
  clinic: {
    id: string;
    name: string;
    subscriptionTier: string;
    category: string | null;
    sandboxMode: string;
  };
};

export async function findMembershipByUserId(db: Database, userId: string): Promise<Membership | null> {
  const rows = await db
    .select({
      clinicId: clinicUsers.clinicId,
      role: clinicUsers.role,
      id: clinics.id,
      name: clinics.name,
      subscriptionTier: clinics.subscriptionTier,
      category: clinics.category,
      sandboxMode: clinics.sandboxMode,
    })
    .from(clinicUsers)
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(eq(clinicUsers.userId, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    clinicId: row.clinicId,
    role: row.role as ClinicRole,
    clinic: {
      id: row.id,
      name: row.name,
      subscriptionTier: row.subscriptionTier,
      category: row.category,
      sandboxMode: row.sandboxMode,
    },
  };
}
