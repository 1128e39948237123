import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Per-account sign-in lockout (packages/domain/src/sign-in-lockout.ts). Global, not a tenant table:
// the key is the SHA-256 of the normalised e-mail, for known and unknown addresses alike.
export const signInThrottles = pgTable('sign_in_throttles', {
  accountKey: text('account_key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockouts: integer('lockouts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
