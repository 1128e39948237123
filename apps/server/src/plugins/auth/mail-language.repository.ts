import { languageFor } from '@careloop/domain/clinic-locale';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';

/** The language of a user's account e-mails: their own, else their clinic's, else English. */
export async function mailLanguageOfUser(db: Database, userId: string) {
  const rows = await executeRows<{ language: string | null; clinic_language: string | null }>(
    db,
    sql`select u.language, c.default_language as clinic_language
        from users u
        left join clinic_users cu on cu.user_id = u.id
        left join clinics c on c.id = cu.clinic_id
        where u.id = ${userId}`,
  );
  return languageFor(rows[0]?.language, rows[0]?.clinic_language);
}
