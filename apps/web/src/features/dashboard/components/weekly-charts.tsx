import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { formatAverageRating, maxRating } from '@careloop/domain/review-rules';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/charts/bar-chart';
import { formatWeekLabel, weeklyCaseTotals, weeklyReviewTotals } from '../dashboard.utils';

// Palette shade 6 colours: each keeps 4.5:1 or better against white.
const colors = { reviews: '#1c7ed6', rating: '#b34700', opened: '#b02525', resolved: '#1f7a33' };

/** Reviews per week with their average rating, and cases opened versus resolved, over 12 weeks. */
export function WeeklyCharts({ weekly }: { weekly: DashboardSummary['weekly'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const reviewLabels = weekly.reviews.map((w) => formatWeekLabel(w.weekStart, i18n.language));
  const caseLabels = weekly.cases.map((w) => formatWeekLabel(w.weekStart, i18n.language));
  const reviewTotals = weeklyReviewTotals(weekly.reviews);
  const caseTotals = weeklyCaseTotals(weekly.cases);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reviews-chart-heading">
        <Title order={2} size="h4" id="reviews-chart-heading" mb="sm">
          {t('charts.reviewsTitle')}
        </Title>
        <BarChart
          labels={reviewLabels}
          bars={[
            {
              key: 'count',
              label: t('charts.reviews'),
              color: colors.reviews,
              values: weekly.reviews.map((w) => w.count),
            },
          ]}
          line={{
            label: t('charts.averageRating'),
            color: colors.rating,
            values: weekly.reviews.map((w) => w.averageRating),
            max: maxRating,
            unit: '★',
          }}
          summary={t('charts.reviewsSummary', {
            count: reviewTotals.count,
            average: formatAverageRating(reviewTotals.averageRating, i18n.language),
          })}
        />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cases-chart-heading">
        <Title order={2} size="h4" id="cases-chart-heading" mb="sm">
          {t('charts.casesTitle')}
        </Title>
        <BarChart
          labels={caseLabels}
          bars={[
            {
              key: 'opened',
              label: t('charts.opened'),
              color: colors.opened,
              values: weekly.cases.map((w) => w.opened),
            },
            {
              key: 'resolved',
              label: t('charts.resolved'),
              color: colors.resolved,
              values: weekly.cases.map((w) => w.resolved),
            },
          ]}
          summary={t('charts.casesSummary', { opened: caseTotals.opened, resolved: caseTotals.resolved })}
        />
      </Paper>
    </SimpleGrid>
  );
}
