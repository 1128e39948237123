import { statusNotes, statusServiceIds } from '@careloop/contracts/public-site';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './check';

const contractTypes = ['growth', 'enterprise', 'custom'] as const;

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

const publicFormKinds = ['demo', 'contact', 'newsletter', 'status_subscribe', 'job_application'] as const;

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

/**
 * The public status page's daily history: each service's state as sampled every five
 * minutes (`record-system-status`), counted per UTC day; kept 90 days. Not tenant data.
 */
export const systemStatusDays = pgTable(
  'system_status_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    service: text('service').notNull(),
    samples: integer('samples').notNull().default(0),
    operational: integer('operational').notNull().default(0),
    partialOutage: integer('partial_outage').notNull().default(0),
    majorOutage: integer('major_outage').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.service] }),
    check('system_status_days_service_check', oneOf(t.service, statusServiceIds)),
  ],
);

/**
 * One row per process that works jobs, beaten every 30 seconds while it runs and removed when it
 * stops: a web-only process (ROLE=web) cannot see another's job runner otherwise, and a worker that
 * died without stopping leaves a row that goes stale. Not tenant data.
 */
export const jobWorkerHeartbeats = pgTable('job_worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
});

const incidentStatuses = ['partial-outage', 'major-outage'] as const;

/**
 * The status page's incidents: opened when a service leaves operational, its worst state kept,
 * resolved when it is operational again. At most one open incident per service (the partial unique
 * index), so two processes that see the same outage open one. Not tenant data.
 */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: text('id').primaryKey(),
    service: text('service').notNull(),
    worstStatus: text('worst_status').notNull(),
    note: text('note'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('status_incidents_service_check', oneOf(t.service, statusServiceIds)),
    check('status_incidents_worst_status_check', oneOf(t.worstStatus, incidentStatuses)),
    check('status_incidents_note_check', sql`${t.note} is null or ${oneOf(t.note, statusNotes)}`),
    uniqueIndex('status_incidents_one_open_idx').on(t.service).where(sql`${t.resolvedAt} is null`),
    index('status_incidents_started_idx').on(t.startedAt.desc()),
  ],
);

const subscriptionLists = ['newsletter', 'status'] as const;
const subscriptionStates = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * The newsletter's and the status page's subscribers, each confirmed by a link mailed to the
 * address (double opt-in) before anything else is sent to it. The confirmation token is kept only
 * as its SHA-256. Not tenant data.
 */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: text('id').primaryKey(),
    list: text('list').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    state: text('state').notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_subscriptions_list_email_idx').on(t.list, t.email),
    uniqueIndex('email_subscriptions_confirm_token_idx').on(t.confirmTokenHash),
    index('email_subscriptions_list_state_idx').on(t.list, t.state),
    check('email_subscriptions_list_check', oneOf(t.list, subscriptionLists)),
    check('email_subscriptions_state_check', oneOf(t.state, subscriptionStates)),
    check('email_subscriptions_locale_check', sql`${t.locale} in ('en', 'es', 'tr')`),
  ],
);
