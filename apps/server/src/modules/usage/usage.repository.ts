import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientCommunications, patients, upgradePromptDismissals } from '../../db/schema';

/** Statuses of a message the provider took: what a month's usage counts. */
const sentStatuses = ['sent', 'delivered', 'read'];

/** Messages sent in [from, to) per channel, and the clinic's patients on record. */
export async function countUsage(db: Database, clinicId: string, from: Date, to: Date) {
  const [messages] = await db
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
        inArray(patientCommunications.deliveryStatus, sentStatuses),
      ),
    );
  const [onRecord] = await db.select({ n: count() }).from(patients).where(eq(patients.clinicId, clinicId));
  return {
    whatsappMessages: messages?.whatsapp ?? 0,
    smsMessages: messages?.sms ?? 0,
    patients: onRecord?.n ?? 0,
  };
}

/** Whether the user dismissed this upgrade-dialog threshold in the clinic. */
export async function isUpgradePromptDismissed(
  db: Database,
  clinicId: string,
  userId: string,
  threshold: string,
): Promise<boolean> {
  const rows = await db
    .select({ threshold: upgradePromptDismissals.threshold })
    .from(upgradePromptDismissals)
    .where(
      and(
        eq(upgradePromptDismissals.clinicId, clinicId),
        eq(upgradePromptDismissals.userId, userId),
        eq(upgradePromptDismissals.threshold, threshold),
      ),
    );
  return rows.length > 0;
}

export async function insertUpgradePromptDismissal(
  db: Database,
  row: { clinicId: string; userId: string; threshold: string; dismissedAt: Date },
) {
  await db.insert(upgradePromptDismissals).values(row).onConflictDoNothing();
}
