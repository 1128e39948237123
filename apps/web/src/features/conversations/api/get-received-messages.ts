import type { ReceivedMessageListResponse } from '@careloop/contracts/conversations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type ConversationListFilter, conversationKeys, conversationListParams } from './conversation-keys';

const receivedMessagesQueryOptions = (filter: ConversationListFilter, cursor: string | null) =>
  queryOptions({
    queryKey: conversationKeys.received(filter, cursor),
    queryFn: ({ signal }) =>
      apiFetch<ReceivedMessageListResponse>(
        `/api/conversations/received${conversationListParams(filter, cursor)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/conversations/received: one page of 20 inbound messages, newest first. */
export function useReceivedMessages(filter: ConversationListFilter, cursor: string | null) {
  return useQuery(receivedMessagesQueryOptions(filter, cursor));
}
