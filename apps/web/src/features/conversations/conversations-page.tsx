import { SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { useReceivedMessages } from './api/get-received-messages';
import { useSentMessages } from './api/get-sent-messages';
import { MessageListPanel } from './components/message-list-panel';
import { ReceivedMessageList } from './components/received-message-list';
import { SentMessageList } from './components/sent-message-list';
import { SimulateReplyCard } from './components/simulate-reply-card';
import {
  type ChannelFilter,
  channelFilters,
  channelParam,
  currentCursor,
  firstPage,
  hasPreviousPage,
  nextPage,
  type PagerState,
  pageNumber,
  parseChannelFilter,
  previousPage,
} from './conversations.utils';

const canSimulate = (role: string | undefined) => role === 'owner' || role === 'admin';

/** Conversations (spec 2 §2): search, channel filter, Sent and Received Messages paged 20 at a time. */
export function ConversationsPage() {
  const { t } = useTranslation('conversations');
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const filter = { q: debouncedSearch.trim(), channel: channelParam(channel) };
  // Each list pages on its own; a new search or filter starts both on page 1.
  const filterKey = `${filter.q}\u0000${channel}`;
  const [pagers, setPagers] = useState<{ key: string; sent: PagerState; received: PagerState }>({
    key: filterKey,
    sent: firstPage(),
    received: firstPage(),
  });
  const current =
    pagers.key === filterKey ? pagers : { key: filterKey, sent: firstPage(), received: firstPage() };
  const move = (list: 'sent' | 'received', next: PagerState) => setPagers({ ...current, [list]: next });

  const sent = useSentMessages(filter, currentCursor(current.sent));
  const received = useReceivedMessages(filter, currentCursor(current.received));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          type="search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={200}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="conversation-channel-filter">
            {t('channel.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="conversation-channel-filter"
            value={channel}
            onChange={(value) => setChannel(parseChannelFilter(value))}
            data={channelFilters.map((value) => ({ value, label: t(`channel.${value}`) }))}
            fullWidth
            size="sm"
          />
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MessageListPanel
          title={t('sent.title')}
          emptyText={t('sent.empty')}
          errorText={t('sent.loadError')}
          query={sent}
          isEmpty={(data) => data.messages.length === 0}
          page={pageNumber(current.sent)}
          hasPrevious={hasPreviousPage(current.sent)}
          hasNext={Boolean(sent.data?.nextCursor) && !sent.isPlaceholderData}
          onPrevious={() => move('sent', previousPage(current.sent))}
          onNext={() => move('sent', nextPage(current.sent, sent.data?.nextCursor ?? null))}
        >
          {(data) => <SentMessageList messages={data.messages} />}
        </MessageListPanel>
        <MessageListPanel
          title={t('received.title')}
          emptyText={t('received.empty')}
          errorText={t('received.loadError')}
          query={received}
          isEmpty={(data) => data.messages.length === 0}
          page={pageNumber(current.received)}
          hasPrevious={hasPreviousPage(current.received)}
          hasNext={Boolean(received.data?.nextCursor) && !received.isPlaceholderData}
          onPrevious={() => move('received', previousPage(current.received))}
          onNext={() => move('received', nextPage(current.received, received.data?.nextCursor ?? null))}
        >
          {(data) => <ReceivedMessageList messages={data.messages} />}
        </MessageListPanel>
      </SimpleGrid>

      {me.data?.clinic.sandboxMode && canSimulate(me.data.role) ? <SimulateReplyCard /> : null}
    </Stack>
  );
}
