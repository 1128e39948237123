import type {
  ConversationListQuery,
  ReceivedMessageListResponse,
  SentMessageListResponse,
} from '@careloop/contracts/conversations';
import { conversationPageSize } from '@careloop/contracts/conversations';
import type { AppDeps } from '../../app-deps';
import { decodeCursor, toPage } from '../../db/keyset-cursor';
import { notFound } from '../../lib/errors';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import {
  type ConversationFilter,
  listReceivedMessageRows,
  listSentMessageRows,
  patientExists,
} from './conversations.repository';
import { failureReasonText } from './failure-reason-text';

type Deps = Pick<AppDeps, 'db'>;
type Query = Omit<ConversationListQuery, 'channel'> & { channel?: ConversationFilter['channel'] };

async function filterOf(deps: Deps, ctx: ClinicContext, query: Query): Promise<ConversationFilter> {
  // Another clinic's patient is not found, exactly like one that does not exist.
  if (query.patientId && !(await patientExists(deps.db, ctx.clinicId, query.patientId))) {
    throw notFound('Patient');
  }
  return { q: query.q, channel: query.channel, patientId: query.patientId };
}

/** 'Sent Messages': the clinic's outbox, newest first, 20 a page. */
export async function listSentMessages(
  deps: Deps,
  ctx: ClinicContext,
  query: Query,
): Promise<SentMessageListResponse> {
  const cursor = decodeCursor(query.cursor);
  const filter = await filterOf(deps, ctx, query);
  const rows = await listSentMessageRows(deps.db, ctx.clinicId, {
    ...filter,
    limit: conversationPageSize,
    cursor,
  });
  const { page, nextCursor } = toPage(rows, conversationPageSize);
  const language = readerLanguage(ctx);
  return {
    messages: page.map((m) => ({
      id: m.id,
      patientId: m.patientId,
      patientName: m.patientName,
      patientPhone: m.patientPhone,
      channel: m.channel === 'whatsapp' || m.channel === 'email' ? m.channel : 'sms',
      kind: m.kind,
      content: m.messageContent,
      deliveryStatus: m.deliveryStatus,
      failureReason:
        m.deliveryStatus === 'failed' && m.providerError !== null
          ? failureReasonText(m.providerError, m.channel, language)
          : null,
      sentAt: m.sentAt,
      createdAt: m.createdAt,
      responseReceived: m.responseReceived,
      responseContent: m.responseContent,
      surveyAnswer:
        m.surveyScore !== null && m.surveyAnsweredAt !== null
          ? { score: m.surveyScore, comment: m.surveyComment, answeredAt: m.surveyAnsweredAt }
          : null,
    })),
    nextCursor,
  };
}

/** 'Received Messages': inbound webhook messages, newest first, 20 a page. */
export async function listReceivedMessages(
  deps: Deps,
  ctx: ClinicContext,
  query: Query,
): Promise<ReceivedMessageListResponse> {
  const cursor = decodeCursor(query.cursor);
  const filter = await filterOf(deps, ctx, query);
  const rows = await listReceivedMessageRows(deps.db, ctx.clinicId, {
    ...filter,
    limit: conversationPageSize,
    cursor,
  });
  const { page, nextCursor } = toPage(rows, conversationPageSize);
  return {
    messages: page.map((log) => ({
      id: log.id,
      provider: log.provider,
      channel: log.provider === 'whatsapp' ? 'whatsapp' : 'sms',
      patientId: log.patientId,
      patientName: log.patientName,
      patientPhone: log.patientPhone,
      content: log.messageContent,
      receivedAt: log.receivedAt,
    })),
    nextCursor,
  };
}
