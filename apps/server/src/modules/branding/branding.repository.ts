import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicBranding } from '../../db/schema';

/** What Settings > Branding and the public pages read: everything but the logo's bytes. */
export async function findBranding(db: Database, clinicId: string) {
  const rows = await db
    .select({
      brandColor: clinicBranding.brandColor,
      logoType: clinicBranding.logoType,
      logoBytes: clinicBranding.logoBytes,
      logoUpdatedAt: clinicBranding.logoUpdatedAt,
    })
    .from(clinicBranding)
    .where(eq(clinicBranding.clinicId, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

export type BrandingRow = NonNullable<Awaited<ReturnType<typeof findBranding>>>;

export async function findLogo(db: Database, clinicId: string) {
  const rows = await db
    .select({ logo: clinicBranding.logo, logoType: clinicBranding.logoType })
    .from(clinicBranding)
    .where(eq(clinicBranding.clinicId, clinicId))
    .limit(1);
  const row = rows[0];
  return row?.logo && row.logoType ? { bytes: row.logo, type: row.logoType } : null;
}

export async function upsertLogo(
  db: Database,
  clinicId: string,
  logo: { bytes: Uint8Array; type: string } | null,
  at: Date,
) {
  const values = {
    logo: logo?.bytes ?? null,
    logoType: logo?.type ?? null,
    logoBytes: logo?.bytes.length ?? null,
    logoUpdatedAt: logo ? at : null,
  };
  await db
    .insert(clinicBranding)
    .values({ clinicId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: clinicBranding.clinicId, set: { ...values, updatedAt: sql`now()` } });
}

export async function upsertBrandColor(db: Database, clinicId: string, brandColor: string | null) {
  await db
    .insert(clinicBranding)
    .values({ clinicId, brandColor })
    .onConflictDoUpdate({ target: clinicBranding.clinicId, set: { brandColor, updatedAt: sql`now()` } });
}
