import type { ConversationChannel } from '@careloop/contracts/conversations';

export type ConversationListFilter = { q: string; channel: ConversationChannel | null };

/** Query keys of the conversations feature; invalidating `lists` refreshes both lists on every page. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  sent: (filter: ConversationListFilter, cursor: string | null) =>
    [...conversationKeys.lists(), 'sent', filter, cursor] as const,
  received: (filter: ConversationListFilter, cursor: string | null) =>
    [...conversationKeys.lists(), 'received', filter, cursor] as const,
  patientSearch: (q: string) => [...conversationKeys.all, 'patient-search', q] as const,
};

export function conversationListParams(filter: ConversationListFilter, cursor: string | null) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.channel) params.set('channel', filter.channel);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}
