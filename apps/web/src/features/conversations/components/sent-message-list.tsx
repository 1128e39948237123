import type { SentMessage } from '@careloop/contracts/conversations';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClinicTimeZone } from '../../../lib/current-user';
import { formatDateTime } from '../conversations.utils';
import { DeliveryStatusBadge } from './delivery-status-badge';

/** Sent entries: patient, channel, content, sent time, delivery status, the patient's response. */
export function SentMessageList({ messages }: { messages: SentMessage[] }) {
  const { t, i18n } = useTranslation('conversations');
  const timeZone = useClinicTimeZone();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <li key={message.id}>
          <Paper withBorder radius="sm" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {message.patientName ?? t('sent.unknownPatient')}
                </Text>
                <Group gap={6} wrap="wrap">
                  {message.kind === 'survey' ? (
                    <Badge variant="light" color="grape">
                      {t('sent.surveyKind')}
                    </Badge>
                  ) : null}
                  <Badge variant="default">{t(`channelName.${message.channel}`)}</Badge>
                  <DeliveryStatusBadge status={message.deliveryStatus} />
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.content}
              </Text>
              {message.deliveryStatus === 'failed' && message.failureReason ? (
                <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                  {t('sent.failureReason', { reason: message.failureReason })}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {message.sentAt ? (
                  <time dateTime={message.sentAt}>
                    {t('sent.sentAt', { time: formatDateTime(message.sentAt, i18n.language, timeZone) })}
                  </time>
                ) : (
                  <time dateTime={message.createdAt}>
                    {t(message.deliveryStatus === 'failed' ? 'sent.plannedNotSent' : 'sent.plannedAt', {
                      time: formatDateTime(message.createdAt, i18n.language, timeZone),
                    })}
                  </time>
                )}
              </Text>
              {message.kind === 'survey' && message.surveyAnswer ? (
                <Paper bg="gray.0" radius="sm" p="xs">
                  <Text size="xs" fw={600}>
                    {t('sent.surveyAnswer', { score: message.surveyAnswer.score })}
                  </Text>
                  {message.surveyAnswer.comment ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.surveyAnswer.comment}
                    </Text>
                  ) : null}
                </Paper>
              ) : null}
              {message.kind === 'survey' && !message.surveyAnswer && message.sentAt ? (
                <Text size="xs" c="dimmed">
                  {t('sent.surveyNotAnswered')}
                </Text>
              ) : null}
              {message.responseReceived ? (
                <Paper bg="gray.0" radius="sm" p="xs">
                  <Text size="xs" fw={600}>
                    {t('sent.responseReceived')}
                  </Text>
                  {message.responseContent ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.responseContent}
                    </Text>
                  ) : null}
                </Paper>
              ) : null}
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
