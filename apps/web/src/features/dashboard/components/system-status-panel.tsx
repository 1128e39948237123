import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { type SystemState, systemStatuses } from '../dashboard.utils';

const stateColors = {
  active: 'green',
  ready: 'green',
  notConfigured: 'orange',
  notScheduled: 'gray',
} as const satisfies Record<SystemState, string>;

/** The real state of each automation, not a promise. */
export function SystemStatusPanel({ summary }: { summary: Pick<DashboardSummary, 'system'> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="system-status-heading">
      <Title order={2} size="h4" id="system-status-heading" mb="sm">
        {t('system.title')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {systemStatuses(summary).map((item) => (
          <li key={item.key}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <div>
                <Text size="sm" fw={600}>
                  {t(`system.${item.key}.name`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`system.${item.key}.${item.state}`)}
                  {item.state === 'notConfigured' ? (
                    <>
                      {' '}
                      <Anchor component={Link} to={paths.settings} size="xs">
                        {t('system.configure')}
                      </Anchor>
                    </>
                  ) : null}
                </Text>
              </div>
              <Badge color={stateColors[item.state]} variant="light" style={{ flexShrink: 0 }}>
                {t(`system.states.${item.state}`)}
              </Badge>
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
