import { z } from 'zod';

// Leads: the public site's requests that ask for someone to answer (enterprise, demo, contact, a job
// application),
// listed for the service's operators (GET /api/admin/leads) and exported as CSV.

export const leadKinds = ['enterprise', 'demo', 'contact', 'job_application'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** A search in name, e-mail, company and what the visitor typed; blank: every lead. */
const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

export const leadExportQuerySchema = z.object({ q: search });
export type LeadExportQuery = z.input<typeof leadExportQuerySchema>;

export const leadListQuerySchema = z.object({
  q: search,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const leadSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The company or clinic named in the request. */
  organization: z.string().nullable(),
  /** What the form asked besides: volume and contract (enterprise), clinic type and size (demo), subject (contact), position and profile link (job application). */
  details: z.array(z.object({ field: z.string(), value: z.string() })),
  message: z.string().nullable(),
  locale: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListSchema = z.object({
  items: z.array(leadSchema),
  total: z.number().int(),
});
export type LeadList = z.infer<typeof leadListSchema>;
