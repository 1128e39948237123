import { appLanguages } from '@careloop/domain/clinic-locale';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';

const clinicCategories = ['dental', 'hair_transplant', 'plastic_surgery'] as const;
const subscriptionTiers = ['starter', 'professional', 'enterprise', 'premium'] as const;
export const clinicRoles = ['owner', 'admin', 'staff'] as const;
export type ClinicRole = (typeof clinicRoles)[number];

export const clinics = pgTable(
  'clinics',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    category: text('category'),
    subscriptionTier: text('subscription_tier').notNull().default('starter'),
    brandTone: text('brand_tone').notNull().default('professional'),
    timeZone: text('time_zone').notNull().default('UTC'),
    defaultLanguage: text('default_language').notNull().default('en'),
    /** ISO 3166-1 alpha-2: the region phone numbers written without a country code belong to. */
    country: text('country'),
    sandboxMode: text('sandbox_mode').notNull().default('off'),
    /**
     * The clinic's automation runs on the sandbox clock only (POST /api/sandbox/automation/run): the
     * real-time planning and sending schedules leave it alone, so the two clocks never both act on it.
     */
    sandboxClock: boolean('sandbox_clock').notNull().default(false),
    /**
     * When the clinic entered sandbox mode: the provider credentials saved since were for the fakes,
     * and leaving removes them so nothing of the trial reaches a real provider.
     */
    sandboxStartedAt: timestamp('sandbox_started_at', { withTimezone: true }),
    /** Automatic logoff: minutes a session may stay unused (packages/domain idle-sign-out.ts). */
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(30),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('clinics_category_check', sql`${t.category} is null or ${oneOf(t.category, clinicCategories)}`),
    check('clinics_tier_check', oneOf(t.subscriptionTier, subscriptionTiers)),
    check('clinics_default_language_check', oneOf(t.defaultLanguage, appLanguages)),
    check('clinics_country_check', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
    check('clinics_sandbox_check', oneOf(t.sandboxMode, ['on', 'off'])),
    check('clinics_idle_timeout_check', sql`${t.idleTimeoutMinutes} between 5 and 720`),
  ],
);

// A user belongs to exactly one clinic (spec 1 §1): user_id is unique.
export const clinicUsers = pgTable(
  'clinic_users',
  {
    // better-auth addresses every row by an id; the membership itself is (clinic_id, user_id).
    id: text('id').notNull(),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.userId] }),
    uniqueIndex('clinic_users_user_id_key').on(t.userId),
    uniqueIndex('clinic_users_id_key').on(t.id),
    index('clinic_users_clinic_idx').on(t.clinicId),
    check('clinic_users_role_check', oneOf(t.role, clinicRoles)),
  ],
);
