import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientCommunications } from '../../db/schema';

/**
 * The share of messages that reached the patient (sent, delivered or read) and were answered: the
 * /api page's `response_rate`; null before anything was sent. Tests are left out, and so are surveys:
 * a patient answers a survey on its page, not by replying, so counting them would only dilute the rate.
 */
export async function readResponseRate(db: Database, clinicId: string): Promise<number | null> {
  const rows = await db
    .select({
      sent: sql<number>`count(*)::int`,
      answered: sql<number>`(count(*) filter (where ${patientCommunications.responseReceived}))::int`,
    })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        inArray(patientCommunications.deliveryStatus, ['sent', 'delivered', 'read']),
        sql`${patientCommunications.kind} not in ('test', 'survey')`,
      ),
    );
  const row = rows[0];
  if (!row || row.sent === 0) return null;
  return Math.round((row.answered / row.sent) * 1000) / 1000;
}
