import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const logoImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * A clinic's custom branding on its patient-facing pages: a logo (its bytes, checked as a PNG, JPEG
 * or WebP by their signature, and served with that type only) and a brand colour. No row: none.
 */
export const clinicBranding = pgTable(
  'clinic_branding',
  {
    clinicId: text('clinic_id')
      .primaryKey()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    logoBytes: integer('logo_bytes'),
    logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true }),
    brandColor: text('brand_color'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'clinic_branding_logo_check',
      sql`(${t.logo} is null and ${t.logoType} is null and ${t.logoBytes} is null and ${t.logoUpdatedAt} is null) or (${t.logo} is not null and ${oneOf(t.logoType, logoImageTypes)} and ${t.logoBytes} between 1 and 307200 and ${t.logoUpdatedAt} is not null)`,
    ),
    check('clinic_branding_color_check', sql`${t.brandColor} is null or ${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);
