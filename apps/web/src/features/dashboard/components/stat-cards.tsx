import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { formatAverageRating } from '@careloop/domain/review-rules';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconAlertTriangle, IconClipboardList, IconStar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../public/components/format';

type StatCard = {
  key: 'patients' | 'reviews' | 'cases' | 'alerts';
  icon: Icon;
  color: string;
  value: number;
  detail: string;
};

/** Total Patients (active), Reviews (average rating), Open Cases (high priority), Active Alerts (high risk). */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  const { t, i18n } = useTranslation('dashboard');
  const cards: StatCard[] = [
    {
      key: 'patients',
      icon: IconUsers,
      color: 'brand',
      value: summary.patients.total,
      detail: t('stats.patientsDetail', { count: summary.patients.active }),
    },
    {
      key: 'reviews',
      icon: IconStar,
      color: 'orange',
      value: summary.reviews.total,
      detail: t('stats.reviewsDetail', {
        average: formatAverageRating(summary.reviews.averageRating, i18n.language),
      }),
    },
    {
      key: 'cases',
      icon: IconClipboardList,
      color: 'blue',
      value: summary.cases.open,
      detail: t('stats.casesDetail', { count: summary.cases.highPriority }),
    },
    {
      key: 'alerts',
      icon: IconAlertTriangle,
      color: 'red',
      value: summary.alerts.active,
      detail: t('stats.alertsDetail', { count: summary.alerts.highRisk }),
    },
  ];
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      spacing="sm"
      component="section"
      aria-label={t('stats.label')}
    >
      {cards.map((card) => (
        <Paper key={card.key} withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" id={`stat-${card.key}`}>
                {t(`stats.${card.key}`)}
              </Text>
              <Text fz={30} fw={700} lh={1.2} aria-labelledby={`stat-${card.key}`}>
                {formatNumber(card.value, i18n.language)}
              </Text>
              <Text size="sm" c="dimmed">
                {card.detail}
              </Text>
            </div>
            <ThemeIcon variant="light" color={card.color} size="lg" radius="md" aria-hidden="true">
              <card.icon size={20} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
