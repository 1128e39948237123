import { and, asc, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  afterCursorPlaceholder,
  cursorPlaceholders,
  cursorTimestamp,
  type KeysetCursor,
} from '../../db/keyset-cursor';
import { isoTime, preparedRows, selectedAs } from '../../db/prepared';
import { patientCommunications, patients, surveyRequests, webhookLogs } from '../../db/schema';
import { containsPattern, containsText } from '../../db/text-search';

type ConversationChannel = 'sms' | 'whatsapp';
export type ConversationFilter = { q?: string; channel?: ConversationChannel; patientId?: string };
type PageOptions = ConversationFilter & { limit: number; cursor: KeysetCursor | null };

/** webhook_logs.provider of each channel: WhatsApp's own, or one of the SMS providers. */
const smsProviders = ['twilio', 'vonage', 'aws_sns'];

/** Which conditions apply (names the prepared statement) and their values. */
function filterShape(options: PageOptions) {
  const q = options.q?.trim();
  const digits = q ? q.replace(/\D/g, '') : '';
  // Case-insensitive; a search with 3+ digits also finds E.164 phones typed with spaces or dashes.
  const search = !q ? '' : digits.length >= 3 ? 'd' : 't';
  const pattern = q ? containsPattern(q) : undefined;
  return {
    key: `${options.channel ?? ''}${options.patientId ? 'p' : ''}${search}${options.cursor ? 'c' : ''}`,
    search,
    values: {
      channel: options.channel,
      patientId: options.patientId,
      pattern,
      phonePattern: search === 'd' ? `%${digits}%` : pattern,
      limit: options.limit + 1,
      ...cursorPlaceholders(options.cursor),
    },
  };
}

function phoneMatch(column: typeof patients.phone | typeof webhookLogs.patientPhone, search: string) {
  const phonePattern = sql.placeholder('phonePattern');
  return search === 'd' ? like(column, phonePattern) : ilike(column, phonePattern);
}

// A queued message has no sent time yet: it sorts by when it was planned.
const sentOrCreated = sql`coalesce(${patientCommunications.sentAt}, ${patientCommunications.createdAt})`;

/** A sent message of a list page with its patient's name and phone, times as ISO strings. */
export type SentMessageRow = {
  id: string;
  patientId: string;
  channel: string;
  kind: string;
  messageContent: string;
  deliveryStatus: string;
  providerError: string | null;
  sentAt: string | null;
  createdAt: string;
  responseReceived: boolean;
  responseContent: string | null;
  patientName: string | null;
  patientPhone: string | null;
  /** A survey's answer (the survey request shares the message's id). */
  surveyScore: number | null;
  surveyComment: string | null;
  surveyAnsweredAt: string | null;
  cursorTs: string;
};

/** Sent messages of the clinic, newest first, with the patient's name and phone. */
export function listSentMessageRows(db: Database, clinicId: string, options: PageOptions) {
  const shape = filterShape(options);
  const pattern = sql.placeholder('pattern');
  const statement = preparedRows<SentMessageRow>(db, `sent_messages_${shape.key}`, () =>
    db
      // The fields the page shows, unmapped (preparedRows), times as ISO strings from PostgreSQL.
      .select(
        selectedAs({
          id: patientCommunications.id,
          patientId: patientCommunications.patientId,
          channel: patientCommunications.channel,
          kind: patientCommunications.kind,
          messageContent: patientCommunications.messageContent,
          deliveryStatus: patientCommunications.deliveryStatus,
          providerError: patientCommunications.providerError,
          sentAt: isoTime(patientCommunications.sentAt),
          createdAt: isoTime(patientCommunications.createdAt),
          responseReceived: patientCommunications.responseReceived,
          responseContent: patientCommunications.responseContent,
          patientName: patients.name,
          patientPhone: patients.phone,
          surveyScore: surveyRequests.score,
          surveyComment: surveyRequests.comment,
          surveyAnsweredAt: isoTime(surveyRequests.answeredAt),
          cursorTs: sql<string>`to_char(${sentOrCreated} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        }),
      )
      .from(patientCommunications)
      .leftJoin(
        patients,
        and(
          eq(patients.clinicId, patientCommunications.clinicId),
          eq(patients.id, patientCommunications.patientId),
        ),
      )
      .leftJoin(
        surveyRequests,
        and(
          eq(patientCommunications.kind, 'survey'),
          eq(surveyRequests.clinicId, patientCommunications.clinicId),
          eq(surveyRequests.id, patientCommunications.id),
        ),
      )
      .where(
        and(
          eq(patientCommunications.clinicId, sql.placeholder('clinicId')),
          options.channel ? eq(patientCommunications.channel, sql.placeholder('channel')) : undefined,
          options.patientId ? eq(patientCommunications.patientId, sql.placeholder('patientId')) : undefined,
          shape.search
            ? or(
                containsText(patients.name, pattern),
                phoneMatch(patients.phone, shape.search),
                containsText(patientCommunications.messageContent, pattern),
              )
            : undefined,
          options.cursor ? afterCursorPlaceholder(sentOrCreated, patientCommunications.id) : undefined,
        ),
      )
      .orderBy(desc(sentOrCreated), asc(patientCommunications.id))
      .limit(sql.placeholder('limit')),
  );
  return statement.execute({ clinicId, ...shape.values });
}

/** An inbound message of a list page, with its patient's name when known, times as ISO strings. */
export type ReceivedMessageRow = {
  id: string;
  provider: string;
  patientId: string | null;
  patientPhone: string | null;
  messageContent: string | null;
  receivedAt: string;
  patientName: string | null;
  cursorTs: string;
};

/** Inbound messages of the clinic, newest first, as the (clinic_id, webhook_type, received_at desc) index. */
export function listReceivedMessageRows(db: Database, clinicId: string, options: PageOptions) {
  const shape = filterShape(options);
  const pattern = sql.placeholder('pattern');
  const statement = preparedRows<ReceivedMessageRow>(db, `received_messages_${shape.key}`, () =>
    db
      .select(
        selectedAs({
          id: webhookLogs.id,
          provider: webhookLogs.provider,
          patientId: webhookLogs.patientId,
          patientPhone: webhookLogs.patientPhone,
          messageContent: webhookLogs.messageContent,
          receivedAt: isoTime(webhookLogs.receivedAt),
          patientName: patients.name,
          cursorTs: cursorTimestamp(webhookLogs.receivedAt),
        }),
      )
      .from(webhookLogs)
      .leftJoin(
        patients,
        and(eq(patients.clinicId, webhookLogs.clinicId), eq(patients.id, webhookLogs.patientId)),
      )
      .where(
        and(
          eq(webhookLogs.clinicId, sql.placeholder('clinicId')),
          eq(webhookLogs.webhookType, 'inbound_message'),
          options.channel === 'whatsapp' ? eq(webhookLogs.provider, 'whatsapp') : undefined,
          options.channel === 'sms' ? inArray(webhookLogs.provider, smsProviders) : undefined,
          options.patientId ? eq(webhookLogs.patientId, sql.placeholder('patientId')) : undefined,
          shape.search
            ? or(
                phoneMatch(webhookLogs.patientPhone, shape.search),
                containsText(webhookLogs.messageContent, pattern),
              )
            : undefined,
          options.cursor ? afterCursorPlaceholder(webhookLogs.receivedAt, webhookLogs.id) : undefined,
        ),
      )
      .orderBy(desc(webhookLogs.receivedAt), asc(webhookLogs.id))
      .limit(sql.placeholder('limit')),
  );
  return statement.execute({ clinicId, ...shape.values });
}

export async function patientExists(db: Database, clinicId: string, patientId: string) {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  return rows.length > 0;
}
