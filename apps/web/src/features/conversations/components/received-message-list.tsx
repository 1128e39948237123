import type { ReceivedMessage } from '@careloop/contracts/conversations';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClinicTimeZone } from '../../../lib/current-user';
import { formatDateTime } from '../conversations.utils';

/** Received entries: who sent it (patient, else the phone), channel, content, received time. */
export function ReceivedMessageList({ messages }: { messages: ReceivedMessage[] }) {
  const { t, i18n } = useTranslation('conversations');
  const timeZone = useClinicTimeZone();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <li key={message.id}>
          <Paper withBorder radius="sm" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {message.patientName ?? message.patientPhone ?? t('received.unknownSender')}
                  </Text>
                  {message.patientName && message.patientPhone ? (
                    <Text size="xs" c="dimmed">
                      {message.patientPhone}
                    </Text>
                  ) : null}
                </Stack>
                <Badge variant="default">{t(`channelName.${message.channel}`)}</Badge>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.content ?? t('received.noContent')}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={message.receivedAt}>
                  {t('received.receivedAt', {
                    time: formatDateTime(message.receivedAt, i18n.language, timeZone),
                  })}
                </time>
              </Text>
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
