import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './check';

export const contractTypes = ['growth', 'enterprise', 'custom'] as const;

export const enterpriseContactRequests = pgTable(
  'enterprise_contact_requests',
  {
    id: text('id').primaryKey(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    companyName: text('company_name').notNull(),
    estimatedMonthlyVolume: integer('estimated_monthly_volume'),
    currentSolution: text('current_solution'),
    specificRequirements: text('specific_requirements'),
    preferredContractType: text('preferred_contract_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'enterprise_contract_type_check',
      sql`${t.preferredContractType} is null or ${oneOf(t.preferredContractType, contractTypes)}`,
    ),
  ],
);

export const publicFormKinds = [
  'demo',
  'contact',
  'newsletter',
  'status_subscribe',
  'job_application',
] as const;

/** The public site's other forms (the spec leaves them unwired; visitors expect them to arrive). */
export const publicFormSubmissions = pgTable(
  'public_form_submissions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    payload: jsonb('payload').notNull(),
    locale: text('locale'),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('public_form_kind_check', oneOf(t.kind, publicFormKinds)),
    index('public_form_kind_created_idx').on(t.kind, t.createdAt.desc()),
  ],
);
