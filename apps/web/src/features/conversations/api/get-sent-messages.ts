import type { SentMessageListResponse } from '@careloop/contracts/conversations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type ConversationListFilter, conversationKeys, conversationListParams } from './conversation-keys';

const sentMessagesQueryOptions = (filter: ConversationListFilter, cursor: string | null) =>
  queryOptions({
    queryKey: conversationKeys.sent(filter, cursor),
    queryFn: ({ signal }) =>
      apiFetch<SentMessageListResponse>(`/api/conversations/sent${conversationListParams(filter, cursor)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/conversations/sent: one page of 20, newest first. */
export function useSentMessages(filter: ConversationListFilter, cursor: string | null) {
  return useQuery(sentMessagesQueryOptions(filter, cursor));
}
