import type { ConversationChannel } from '@careloop/contracts/conversations';

/** The channel filter (spec 2 §2): All Messages, SMS Only, WhatsApp Only. */
export const channelFilters = ['all', 'sms', 'whatsapp'] as const;
export type ChannelFilter = (typeof channelFilters)[number];

export function parseChannelFilter(value: string | null): ChannelFilter {
  return channelFilters.find((filter) => filter === value) ?? 'all';
}

/** The `channel` query parameter of a filter; all messages send none. */
export const channelParam = (filter: ChannelFilter): ConversationChannel | null =>
  filter === 'all' ? null : filter;

export type DeliveryDisplay = {
  /** Key under `status.` in the conversations namespace. */
  key: 'sent' | 'delivered' | 'read' | 'failed' | 'pending';
  color: string;
  isPending: boolean;
};

/**
 * The badge of a delivery status. The spec shows sent, delivered and failed, and any other value as
 * pending (queued, sending); read is a delivered message the patient opened, so it keeps its name.
 */
export function deliveryDisplay(status: string): DeliveryDisplay {
  switch (status) {
    case 'sent':
      return { key: 'sent', color: 'blue', isPending: false };
    case 'delivered':
      return { key: 'delivered', color: 'green', isPending: false };
    case 'read':
      return { key: 'read', color: 'teal', isPending: false };
    case 'failed':
      return { key: 'failed', color: 'red', isPending: false };
    default:
      return { key: 'pending', color: 'gray', isPending: true };
  }
}

/**
 * Previous/Next over keyset pages: the cursors of the pages seen so far, the current one last
 * (the first page has none).
 */
export type PagerState = { cursors: (string | null)[] };

export const firstPage = (): PagerState => ({ cursors: [null] });

export const currentCursor = (state: PagerState): string | null => state.cursors.at(-1) ?? null;

export const pageNumber = (state: PagerState): number => state.cursors.length;

export function nextPage(state: PagerState, nextCursor: string | null): PagerState {
  return nextCursor ? { cursors: [...state.cursors, nextCursor] } : state;
}

export function previousPage(state: PagerState): PagerState {
  return state.cursors.length > 1 ? { cursors: state.cursors.slice(0, -1) } : state;
}

export const hasPreviousPage = (state: PagerState): boolean => state.cursors.length > 1;

/**
 * Date and time in the interface language and the clinic's time zone (staff abroad, or on a
 * laptop set to another zone, read the clinic's clock), e.g. "Nov 23, 2026, 5:36 PM".
 */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** Keys under `simulate.` of what is missing; the server checks again (400 with the field). */
export function validateSimulatedReply(values: { patientId: string | null; text: string }) {
  return {
    patientId: values.patientId ? undefined : ('patientRequired' as const),
    text: values.text.trim() ? undefined : ('textRequired' as const),
  };
}
