import type { WebhookDelivery, WebhookEndpoint } from '@careloop/contracts/webhooks';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { attemptResult } from '../webhook-endpoints.utils';

export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return (iso: string) => format.format(new Date(iso));
}

const deliveryColors = { pending: 'blue', sending: 'blue', succeeded: 'green', failed: 'red' } as const;

/** An endpoint's delivery log: deliveries with Send again, and every attempt (status, duration, time). */
export function WebhookDeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const log = useWebhookDeliveries(endpoint?.id ?? null);
  const formatDateTime = useFormatDateTime();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      opened={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.log.title')}
      size="xl"
    >
      {endpoint ? (
        <Stack gap="md">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          {endpoint.status === 'disabled' ? (
            <Alert color="orange" variant="light">
              {t('webhooks.log.disabledNotice')}
            </Alert>
          ) : null}
          {log.isPending ? (
            <Loader size="sm" aria-label={t('webhooks.log.loading')} />
          ) : log.isError ? (
            <Alert color="red">{t('webhooks.log.loadError')}</Alert>
          ) : (
            <>
              <Title order={3} size="h5">
                {t('webhooks.log.deliveries')}
              </Title>
              {log.data.deliveries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('webhooks.log.empty')}
                </Text>
              ) : (
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {log.data.deliveries.map((delivery) => (
                    <DeliveryRow
                      key={delivery.id}
                      endpoint={endpoint}
                      delivery={delivery}
                      formatDateTime={formatDateTime}
                    />
                  ))}
                </Stack>
              )}
              <Title order={3} size="h5">
                {t('webhooks.log.attempts')}
              </Title>
              {log.data.attempts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('webhooks.log.noAttempts')}
                </Text>
              ) : (
                <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {log.data.attempts.map((attempt) => (
                    <Group key={attempt.id} component="li" gap="xs" wrap="wrap" data-testid="webhook-attempt">
                      <Badge color={attempt.isSuccess ? 'green' : 'red'} variant="light" size="sm" tt="none">
                        {attemptResult(attempt)}
                      </Badge>
                      <Text size="xs" ff="monospace">
                        {attempt.eventType}
                      </Text>
                      <Text size="xs">{formatDateTime(attempt.attemptedAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {t('webhooks.log.duration', { ms: attempt.durationMs })}
                        {attempt.trigger === 'replay' ? ` · ${t('webhooks.log.replay')}` : ''}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}

function DeliveryRow({
  endpoint,
  delivery,
  formatDateTime,
}: {
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
  formatDateTime: (iso: string) => string;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const replay = useReplayWebhookDelivery();
  const handleReplay = () =>
    replay.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: (attempt) =>
          attempt.isSuccess
            ? showSuccess({ title: t('webhooks.toasts.replayed') })
            : showError({ title: t('webhooks.toasts.replayFailed'), message: attemptResult(attempt) }),
        onError: (error) =>
          showError({ title: t('webhooks.toasts.replayFailed'), message: apiErrorMessage(error) }),
      },
    );
  return (
    <Paper component="li" withBorder p="xs" radius="sm" data-testid="webhook-delivery">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" ff="monospace">
              {delivery.eventType}
            </Text>
            <Badge color={deliveryColors[delivery.status]} variant="light" size="sm">
              {t(`webhooks.deliveryStatus.${delivery.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {delivery.messageId} · {formatDateTime(delivery.createdAt)} ·{' '}
            {t('webhooks.log.attemptCount', { count: delivery.attempts })}
            {delivery.nextAttemptAt && delivery.status === 'pending'
              ? ` · ${t('webhooks.log.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt) })}`
              : ''}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          loading={replay.isPending}
          disabled={endpoint.status !== 'active'}
          onClick={handleReplay}
          aria-label={t('webhooks.log.replayNamed', { id: delivery.messageId })}
        >
          {t('webhooks.log.replayAction')}
        </Button>
      </Group>
    </Paper>
  );
}
