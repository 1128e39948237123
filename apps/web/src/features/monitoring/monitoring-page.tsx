import { Button, Code, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { useClinicTimeZone } from '../../lib/current-user';
import { logUserAction } from '../../lib/reporting';
import { useMonitoring } from './api/get-monitoring';
import { MonitoringCards } from './components/monitoring-cards';

/** /monitoring: the clinic's errors, page speed, activity, credential health and security events. */
export function MonitoringPage() {
  const { t, i18n } = useTranslation(['monitoring', 'common']);
  const monitoring = useMonitoring();
  const [isDebugOpen, setDebugOpen] = useState(false);
  // The clinic's clock, wherever the reader's device is set.
  const timeZone = useClinicTimeZone();
  const time = (at: string | number) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', timeZone }).format(new Date(at));

  const refresh = () => {
    void monitoring.refetch();
    void logUserAction('monitoring_dashboard_refresh');
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Group gap="sm">
          <Switch
            label={t('debugPanel')}
            checked={isDebugOpen}
            onChange={(event) => setDebugOpen(event.currentTarget.checked)}
          />
          <Button
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={refresh}
            loading={monitoring.isFetching}
          >
            {t('refresh')}
          </Button>
        </Group>
      </Group>

      <QueryState query={monitoring} errorTitle={t('loadError')}>
        {(snapshot) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('updated', { time: time(monitoring.dataUpdatedAt) })}
            </Text>
            <MonitoringCards snapshot={snapshot} />
            {isDebugOpen ? (
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="monitoring-debug">
                <Title order={2} size="h5" id="monitoring-debug" mb="xs">
                  {t('debug.title')}
                </Title>
                <Text size="sm">{t('debug.generatedAt', { time: time(snapshot.generatedAt) })}</Text>
                <Text size="sm">{t('debug.fetchedAt', { time: time(monitoring.dataUpdatedAt) })}</Text>
                <Text size="sm" mb="xs">
                  {t('debug.autoRefresh')}
                </Text>
                <Text size="sm" fw={600}>
                  {t('debug.raw')}
                </Text>
                <Code block style={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0}>
                  {JSON.stringify(snapshot, null, 2)}
                </Code>
              </Paper>
            ) : null}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
