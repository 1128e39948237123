import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientCommunications } from '../../db/schema';

/** Messages of the clinic the providers took in [from, to), per channel (what usage counts). */
export async function countSentInPeriod(db: Database, clinicId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      whatsapp: sql<number>`count(*) filter (where ${patientCommunications.channel} = 'whatsapp')`.mapWith(
        Number,
      ),
      sms: sql<number>`count(*) filter (where ${patientCommunications.channel} = 'sms')`.mapWith(Number),
    })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        gte(patientCommunications.sentAt, from),
        lt(patientCommunications.sentAt, to),
        inArray(patientCommunications.deliveryStatus, ['sent', 'delivered', 'read']),
      ),
    );
  return { whatsapp: row?.whatsapp ?? 0, sms: row?.sms ?? 0 };
}
