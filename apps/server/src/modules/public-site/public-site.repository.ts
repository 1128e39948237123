import type { Database } from '../../db/client';
import { enterpriseContactRequests, publicFormSubmissions } from '../../db/schema';
import { newId } from '../../lib/ids';

export type EnterpriseContactRow = Omit<typeof enterpriseContactRequests.$inferInsert, 'id' | 'createdAt'>;
export type PublicFormRow = Omit<typeof publicFormSubmissions.$inferInsert, 'id' | 'createdAt'>;

export async function insertEnterpriseContactRequest(db: Database, row: EnterpriseContactRow) {
  const id = newId('ecr');
  await db.insert(enterpriseContactRequests).values({ id, ...row });
  return id;
}

export async function insertPublicFormSubmission(db: Database, row: PublicFormRow) {
  const id = newId('pfs');
  await db.insert(publicFormSubmissions).values({ id, ...row });
  return id;
}
