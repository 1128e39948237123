import { enterpriseContactSchema } from '@careloop/domain/enterprise-contact.schema';
import { z } from 'zod';
import { contactSubjects, jobPositionIds, practiceTypes, teamSizes } from './public-site-options';

export { contactSubjects, jobPositionIds, practiceTypes, teamSizes };

// The public site's forms. Each carries `website`, a field hidden from people: a filled one marks
// a bot, and the request is answered like any other but nothing is stored.

export const publicSiteLocales = ['en', 'es', 'tr'] as const;

const honeypot = z.string().max(500).optional();
const locale = z.enum(publicSiteLocales).optional();
const email = z.string().trim().max(254).pipe(z.email('Please enter a valid email address'));
const required = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const enterpriseContactBodySchema = enterpriseContactSchema.extend({ website: honeypot });
export type EnterpriseContactBody = z.input<typeof enterpriseContactBodySchema>;
export type EnterpriseContactValues = z.output<typeof enterpriseContactBodySchema>;

export const publicFormKinds = [
  'demo',
  'contact',
  'newsletter',
  'status_subscribe',
  'job_application',
] as const;
export type PublicFormKind = (typeof publicFormKinds)[number];

const common = { website: honeypot, locale };

export const demoRequestBodySchema = z.object({
  ...common,
  firstName: required(100),
  lastName: required(100),
  email,
  phone: optional(40),
  clinicName: required(200),
  clinicType: z.enum(practiceTypes),
  teamSize: z.enum(teamSizes).optional(),
  message: optional(5000),
});

export const contactMessageBodySchema = z.object({
  ...common,
  firstName: required(100),
  lastName: required(100),
  email,
  phone: optional(40),
  company: optional(200),
  subject: z.enum(contactSubjects),
  message: required(5000),
});

export const newsletterBodySchema = z.object({ ...common, email });
export const statusSubscribeBodySchema = z.object({ ...common, email });

export const jobApplicationBodySchema = z.object({
  ...common,
  position: z.enum(jobPositionIds),
  name: required(200),
  email,
  phone: optional(40),
  // Only web links: a `javascript:` or `data:` link would run in the reader's browser when opened.
  profileUrl: optional(500).pipe(
    z.url({ protocol: /^https?$/, message: 'Please enter a full link, starting with https://' }).optional(),
  ),
  message: required(5000),
});

/** The body schema of each public form, by the kind in its URL (`POST /api/public-forms/:kind`). */
export const publicFormBodySchemas = {
  demo: demoRequestBodySchema,
  contact: contactMessageBodySchema,
  newsletter: newsletterBodySchema,
  status_subscribe: statusSubscribeBodySchema,
  job_application: jobApplicationBodySchema,
} as const satisfies Record<PublicFormKind, z.ZodType>;

export type PublicFormBodies = { [K in PublicFormKind]: z.input<(typeof publicFormBodySchemas)[K]> };
export type PublicFormValues = { [K in PublicFormKind]: z.output<(typeof publicFormBodySchemas)[K]> };

export const publicFormAcceptedSchema = z.object({ accepted: z.literal(true) });

/** Spec 3 §4 service status vocabulary. */
export const serviceStatuses = ['operational', 'partial-outage', 'major-outage', 'unknown'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const statusServiceIds = ['api', 'database', 'job_runner', 'review_ingestion', 'messaging'] as const;
export type StatusServiceId = (typeof statusServiceIds)[number];

/** Why a service is not operational, when the measure says more than its state. */
export const statusNotes = [
  'database_unreachable',
  'jobs_stopped',
  'syncs_stalled',
  'syncs_failing',
  'deliveries_failing',
  'deliveries_delayed',
] as const;
export type StatusNote = (typeof statusNotes)[number];

/**
 * An incident: opened when a service leaves operational, resolved when it is operational again, with
 * its worst state. `title`, `description`, `timestamp` and `severity` are spec 3's fields (English;
 * the page composes its text from the others in the reader's language). Automatic incidents are
 * `minor`; `maintenance` is for planned work.
 */
export const statusIncidentSchema = z.object({
  id: z.string(),
  service: z.enum(statusServiceIds),
  worstStatus: z.enum(['partial-outage', 'major-outage']),
  note: z.enum(statusNotes).nullable(),
  startedAt: z.string(),
  resolvedAt: z.string().nullable(),
  title: z.string(),
  status: z.enum(['investigating', 'resolved']),
  description: z.string(),
  timestamp: z.string(),
  severity: z.enum(['minor', 'maintenance']),
});
export type StatusIncident = z.infer<typeof statusIncidentSchema>;

/** How many days of history the status page shows (UTC days, oldest first, today last). */
export const statusHistoryDays = 90;

/** One UTC day of a service: the worst state sampled that day (`unknown`: no sample). */
export const statusDaySchema = z.object({
  date: z.string(),
  status: z.enum(serviceStatuses),
  /** Share of the day's samples that were operational, in percent; null without samples. */
  uptimePercent: z.number().nullable(),
});
export type StatusDay = z.infer<typeof statusDaySchema>;

export const statusServiceSchema = z.object({
  id: z.enum(statusServiceIds),
  status: z.enum(serviceStatuses),
  note: z.enum(statusNotes).nullable(),
  /** Operational share of every sample in the history, in percent; null before the first sample. */
  uptimePercent: z.number().nullable(),
  history: z.array(statusDaySchema),
});
export type StatusService = z.infer<typeof statusServiceSchema>;

export const systemStatusSchema = z.object({
  status: z.enum(serviceStatuses),
  checkedAt: z.string(),
  services: z.array(statusServiceSchema),
  incidents: z.array(statusIncidentSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
