import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { shouldShowAttention } from '../dashboard.utils';

/** Shown only when high-priority cases or high-risk alerts exist; links to the cases and patients. */
export function AttentionPanel({ summary }: { summary: Pick<DashboardSummary, 'cases' | 'alerts'> }) {
  const { t } = useTranslation('dashboard');
  if (!shouldShowAttention(summary)) return null;
  return (
    <Alert
      component="section"
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={t('attention.title')}
    >
      <Text size="sm">
        {t('attention.text', { cases: summary.cases.highPriority, alerts: summary.alerts.highRisk })}
      </Text>
      <Group gap="sm" mt="sm">
        <Button component={Link} to={paths.cases} size="xs" color="red">
          {t('attention.viewCases')}
        </Button>
        <Button component={Link} to={paths.patients} size="xs" variant="outline" color="red">
          {t('attention.viewPatients')}
        </Button>
      </Group>
    </Alert>
  );
}
