import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { dailyDigestDeliveries } from '../../db/schema';

/** Every time zone a clinic is in: the schedule works out which of them are at 08:00. */
export async function listClinicTimeZones(db: Database): Promise<string[]> {
  const rows = await executeRows<{ time_zone: string }>(db, sql`select distinct time_zone from clinics`);
  return rows.map((row) => row.time_zone);
}

export type DigestRecipientRow = {
  clinic_id: string;
  clinic_name: string;
  clinic_language: string;
  time_zone: string;
  user_id: string;
  email: string;
  first_name: string | null;
  user_language: string | null;
};

/**
 * Owners and admins of the clinics in `timeZone` with a confirmed address and the digest on, who
 * have no delivery row for `digestDate` yet (staff get none: cases and messages are managed above them).
 */
export async function listPendingRecipients(
  db: Database,
  input: { timeZone: string; digestDate: string },
): Promise<DigestRecipientRow[]> {
  return executeRows<DigestRecipientRow>(
    db,
    sql`
    select c.id as clinic_id, c.name as clinic_name, c.default_language as clinic_language,
           c.time_zone, u.id as user_id, u.email, u.first_name, u.language as user_language
    from clinics c
    join clinic_users cu on cu.clinic_id = c.id and cu.role in ('owner', 'admin')
    join users u on u.id = cu.user_id and u.email_verified and u.daily_digest
    where c.time_zone = ${input.timeZone}
      and not exists (
        select 1 from daily_digest_deliveries d
        where d.clinic_id = c.id and d.digest_date = ${input.digestDate}::date and d.user_id = u.id
      )
    order by c.id, u.id`,
  );
}

export type DigestFigures = {
  new_reviews: number;
  new_reviews_attention: number;
  open_cases: number;
  overdue_cases: number;
  failed_messages: number;
};

/**
 * One clinic's figures for the window [from, to): reviews that arrived in it (imported, whatever date
 * the provider gives them), cases open now and those past their due time at `to`, outbox messages
 * that failed in it.
 */
export async function readDigestFigures(
  db: Database,
  clinicId: string,
  window: { from: Date; to: Date },
): Promise<DigestFigures> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const rows = await executeRows<DigestFigures>(
    db,
    sql`
    select
      (select count(*)::int from reviews
        where clinic_id = ${clinicId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
      ) as new_reviews,
      (select count(*)::int from reviews
        where clinic_id = ${clinicId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
          and rating <= 3
      ) as new_reviews_attention,
      (select count(*)::int from cases
        where clinic_id = ${clinicId} and status not in ('resolved', 'closed')
      ) as open_cases,
      (select count(*)::int from cases
        where clinic_id = ${clinicId} and status not in ('resolved', 'closed') and due_at < ${to}::timestamptz
      ) as overdue_cases,
      (select count(*)::int from patient_communications
        where clinic_id = ${clinicId} and delivery_status = 'failed'
          and updated_at >= ${from}::timestamptz and updated_at < ${to}::timestamptz
      ) as failed_messages`,
  );
  return rows[0]!;
}

/**
 * Claims one recipient's digest of the day before anything is sent: true for the one caller whose
 * insert wrote the row; every other worker, retry or restart finds it and sends nothing.
 */
export async function claimDelivery(
  db: Database,
  input: { clinicId: string; digestDate: string; userId: string; language: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(dailyDigestDeliveries)
    .values({ ...input, status: 'sending', claimedAt: input.at })
    .onConflictDoNothing()
    .returning({ userId: dailyDigestDeliveries.userId });
  return rows.length === 1;
}

export async function finishDelivery(
  db: Database,
  key: { clinicId: string; digestDate: string; userId: string },
  outcome: { sentAt: Date } | { error: string },
) {
  await db
    .update(dailyDigestDeliveries)
    .set(
      'sentAt' in outcome
        ? { status: 'sent', sentAt: outcome.sentAt }
        : { status: 'failed', error: outcome.error },
    )
    .where(
      and(
        eq(dailyDigestDeliveries.clinicId, key.clinicId),
        eq(dailyDigestDeliveries.digestDate, key.digestDate),
        eq(dailyDigestDeliveries.userId, key.userId),
      ),
    );
}
