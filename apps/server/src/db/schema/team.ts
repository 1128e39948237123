import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinicRoles, clinics } from './clinics';

const invitationStatuses = ['pending', 'accepted', 'revoked'] as const;

// An owner or admin invites a colleague by e-mail; the link carries a random token whose SHA-256
// alone is stored, so a database read never yields a usable invitation.
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('staff'),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('pending'),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedUserId: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('clinic_invitations_role_check', oneOf(t.role, clinicRoles)),
    check('clinic_invitations_status_check', oneOf(t.status, invitationStatuses)),
    // One open invitation per address and clinic.
    uniqueIndex('clinic_invitations_pending_email_key')
      .on(t.clinicId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('clinic_invitations_token_idx').on(t.tokenHash),
    index('clinic_invitations_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);
