import type { Database } from '../../db/client';
import { enterpriseContactRequests, publicFormSubmissions } from '../../db/schema';
import { newId } from '../../lib/ids';

export type EnterpriseContactRow = Omit<typeof enterpriseContactRequests.$inferInsert, 'id' | 'createdAt'>;
export type PublicFormRow = Omit<typeof publicFormSubmissions.$inferInsert, 'id' | 'createdAt'>;

export async function insertEnterpriseContactRequest(db: Database, row: EnterpriseContactRow) {
  const [stored] = await db
    .insert(enterpriseContactRequests)
    .values({ id: newId('ecr'), ...row })
    .returning();
  if (!stored) throw new Error('the enterprise request was not stored');
  return stored;
}

export async function insertPublicFormSubmission(db: Database, row: PublicFormRow) {
  const [stored] = await db
    .insert(publicFormSubmissions)
    .values({ id: newId('pfs'), ...row })
    .returning();
  if (!stored) throw new Error('the form was not stored');
  return stored;
}
