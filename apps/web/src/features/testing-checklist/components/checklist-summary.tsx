import type { ChecklistProgress } from '@careloop/domain/monitoring-rules';
import { Alert, Badge, Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The three summary cards and, below 100 % of critical tests, the readiness warning (spec 2 §2). */
export function ChecklistSummary({ progress }: { progress: ChecklistProgress }) {
  const { t } = useTranslation('testing');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label={t('summary.label')}>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" id="qa-overall">
            {t('summary.overall')}
          </Text>
          <Text size="xl" fw={700} aria-describedby="qa-overall">
            {t('summary.percent', { percentage: progress.percentage })}
          </Text>
          <Progress value={progress.percentage} size="sm" my="xs" aria-label={t('summary.overall')} />
          <Text size="sm">
            {t('summary.overallDetail', { completed: progress.completed, total: progress.total })}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('summary.critical')}
          </Text>
          <Text size="xl" fw={700}>
            {t('summary.percent', { percentage: progress.criticalPercentage })}
          </Text>
          <Progress
            value={progress.criticalPercentage}
            color="red"
            size="sm"
            my="xs"
            aria-label={t('summary.critical')}
          />
          <Text size="sm">
            {t('summary.criticalDetail', { completed: progress.criticalCompleted, total: progress.critical })}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('summary.ready')}
          </Text>
          <Badge size="lg" mt={4} color={progress.isReady ? 'green' : 'red'} variant="filled">
            {t(progress.isReady ? 'summary.readyValue' : 'summary.notReadyValue')}
          </Badge>
          <Text size="sm" mt="xs">
            {t(progress.isReady ? 'summary.readyNote' : 'summary.notReadyNote')}
          </Text>
        </Paper>
      </SimpleGrid>
      {progress.isReady ? null : (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t('warning.title')}
        >
          {t('warning.text', { count: progress.criticalRemaining })}
        </Alert>
      )}
    </>
  );
}
