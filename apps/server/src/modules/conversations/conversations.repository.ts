import { and, asc, desc, eq, gt, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterCursor, cursorTimestamp, type KeysetCursor } from '../../db/keyset-cursor';
import { patientCommunications, patients, webhookLogs } from '../../db/schema';

export type ConversationChannel = 'sms' | 'whatsapp';
export type ConversationFilter = { q?: string; channel?: ConversationChannel; patientId?: string };
type PageOptions = ConversationFilter & { limit: number; cursor: KeysetCursor | null };

/** webhook_logs.provider of each channel: WhatsApp's own, or one of the SMS providers. */
const smsProviders = ['twilio', 'vonage', 'aws_sns'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive; a search with 3+ digits also finds E.164 phones typed with spaces or dashes. */
function phoneMatch(
  column: typeof patients.phone | typeof webhookLogs.patientPhone,
  q: string,
  pattern: string,
) {
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 ? like(column, `%${digits}%`) : ilike(column, pattern);
}

/** (timestamp desc, id asc) keyset condition over an expression (the shared helper takes columns). */
function afterExpression(at: SQL, id: typeof patientCommunications.id, cursor: KeysetCursor | null) {
  if (!cursor) return undefined;
  const t = sql`${cursor.t}::timestamptz`;
  return or(lt(at, t), and(eq(at, t), gt(id, cursor.id)));
}

// A queued message has no sent time yet: it sorts by when it was planned.
const sentOrCreated = sql`coalesce(${patientCommunications.sentAt}, ${patientCommunications.createdAt})`;

/** Sent messages of the clinic, newest first, with the patient's name and phone. */
export function listSentMessageRows(db: Database, clinicId: string, options: PageOptions) {
  const q = options.q?.trim();
  const pattern = q ? `%${escapeLike(q)}%` : '';
  return db
    .select({
      message: patientCommunications,
      patientName: patients.name,
      patientPhone: patients.phone,
      cursorTs: sql<string>`to_char(${sentOrCreated} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(patientCommunications)
    .leftJoin(
      patients,
      and(
        eq(patients.clinicId, patientCommunications.clinicId),
        eq(patients.id, patientCommunications.patientId),
      ),
    )
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        options.channel ? eq(patientCommunications.channel, options.channel) : undefined,
        options.patientId ? eq(patientCommunications.patientId, options.patientId) : undefined,
        q
          ? or(
              ilike(patients.name, pattern),
              phoneMatch(patients.phone, q, pattern),
              ilike(patientCommunications.messageContent, pattern),
            )
          : undefined,
        afterExpression(sentOrCreated, patientCommunications.id, options.cursor),
      ),
    )
    .orderBy(desc(sentOrCreated), asc(patientCommunications.id))
    .limit(options.limit + 1);
}

/** Inbound messages of the clinic, newest first, as the (clinic_id, webhook_type, received_at desc) index. */
export function listReceivedMessageRows(db: Database, clinicId: string, options: PageOptions) {
  const q = options.q?.trim();
  const pattern = q ? `%${escapeLike(q)}%` : '';
  return db
    .select({
      log: webhookLogs,
      patientName: patients.name,
      cursorTs: cursorTimestamp(webhookLogs.receivedAt),
    })
    .from(webhookLogs)
    .leftJoin(
      patients,
      and(eq(patients.clinicId, webhookLogs.clinicId), eq(patients.id, webhookLogs.patientId)),
    )
    .where(
      and(
        eq(webhookLogs.clinicId, clinicId),
        eq(webhookLogs.webhookType, 'inbound_message'),
        options.channel === 'whatsapp' ? eq(webhookLogs.provider, 'whatsapp') : undefined,
        options.channel === 'sms' ? inArray(webhookLogs.provider, smsProviders) : undefined,
        options.patientId ? eq(webhookLogs.patientId, options.patientId) : undefined,
        q
          ? or(phoneMatch(webhookLogs.patientPhone, q, pattern), ilike(webhookLogs.messageContent, pattern))
          : undefined,
        afterCursor(webhookLogs.receivedAt, webhookLogs.id, options.cursor),
      ),
    )
    .orderBy(desc(webhookLogs.receivedAt), asc(webhookLogs.id))
    .limit(options.limit + 1);
}

export async function patientExists(db: Database, clinicId: string, patientId: string) {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  return rows.length > 0;
}
