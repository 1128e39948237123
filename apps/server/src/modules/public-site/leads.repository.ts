import { and, count, desc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enterpriseContactRequests, publicFormSubmissions } from '../../db/schema';
import { escapeLike } from '../../db/text-search';

/** The public forms that ask for an answer: a person, not a subscription. */
export const leadFormKinds = ['demo', 'contact', 'job_application'] as const;

export type EnterpriseLeadRow = typeof enterpriseContactRequests.$inferSelect;
export type FormLeadRow = Pick<
  typeof publicFormSubmissions.$inferSelect,
  'id' | 'kind' | 'email' | 'payload' | 'locale' | 'createdAt'
>;

/** Searched: name, e-mail and company (enterprise); e-mail and every field typed (forms). */
function leadFilters(search: string | undefined): { enterprise?: SQL; forms?: SQL } {
  if (!search) return {};
  const pattern = `%${escapeLike(search)}%`;
  return {
    enterprise: or(
      ilike(enterpriseContactRequests.contactName, pattern),
      ilike(enterpriseContactRequests.contactEmail, pattern),
      ilike(enterpriseContactRequests.companyName, pattern),
    ),
    forms: or(
      ilike(publicFormSubmissions.email, pattern),
      sql`${publicFormSubmissions.payload}::text ilike ${pattern}`,
    ),
  };
}

const isLeadForm = inArray(publicFormSubmissions.kind, [...leadFormKinds]);

/** The newest `limit` enterprise requests and the newest `limit` demo, contact and job application forms. */
export async function listNewestLeadRows(db: Database, options: { limit: number; search?: string }) {
  const filter = leadFilters(options.search);
  const [enterprise, forms] = await Promise.all([
    db
      .select()
      .from(enterpriseContactRequests)
      .where(filter.enterprise)
      .orderBy(desc(enterpriseContactRequests.createdAt), desc(enterpriseContactRequests.id))
      .limit(options.limit),
    db
      .select({
        id: publicFormSubmissions.id,
        kind: publicFormSubmissions.kind,
        email: publicFormSubmissions.email,
        payload: publicFormSubmissions.payload,
        locale: publicFormSubmissions.locale,
        createdAt: publicFormSubmissions.createdAt,
      })
      .from(publicFormSubmissions)
      .where(and(isLeadForm, filter.forms))
      .orderBy(desc(publicFormSubmissions.createdAt), desc(publicFormSubmissions.id))
      .limit(options.limit),
  ]);
  return { enterprise, forms: forms as FormLeadRow[] };
}

export async function countLeadRows(db: Database, options: { search?: string }): Promise<number> {
  const filter = leadFilters(options.search);
  const [[enterprise], [forms]] = await Promise.all([
    db.select({ n: count() }).from(enterpriseContactRequests).where(filter.enterprise),
    db.select({ n: count() }).from(publicFormSubmissions).where(and(isLeadForm, filter.forms)),
  ]);
  return (enterprise?.n ?? 0) + (forms?.n ?? 0);
}
