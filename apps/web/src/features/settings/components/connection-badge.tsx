import type { ConnectionStatusView } from '@careloop/contracts/settings';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors = { not_configured: 'dark', untested: 'gray', connected: 'green', failed: 'red' } as const;

/** The credential's last real result with its time and error; never "Connected" before a call. */
export function ConnectionBadge({ connection }: { connection: ConnectionStatusView }) {
  const { t, i18n } = useTranslation('settings');
  const when =
    connection.checkedAt === null
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(connection.checkedAt),
        );
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      <Badge variant="light" color={colors[connection.state]} data-testid="connection-badge">
        {t(`status.${connection.state}`)}
      </Badge>
      {when === null ? null : (
        <Text size="xs" c="dimmed" data-testid="connection-checked">
          {connection.state === 'failed' && connection.detail
            ? t('status.failedAt', { when, detail: connection.detail })
            : t('status.checkedAt', { when })}
        </Text>
      )}
    </Group>
  );
}
