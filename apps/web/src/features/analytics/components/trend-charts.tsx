import type { AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import { maxRating } from '@careloop/domain/review-rules';
import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/charts/bar-chart';
import type { AnalyticsFormatters } from '../analytics-format';

type Series = NonNullable<AnalyticsSummaryResponse['series']>;

// Palette shade 6 colours, as on the dashboard: each keeps 4.5:1 or better against white.
const colors = {
  reviews: '#1c7ed6',
  rating: '#b34700',
  opened: '#b02525',
  resolved: '#1f7a33',
  sent: '#0b6b73',
  delivered: '#1f7a33',
  replies: '#b34700',
};

/** About seven labels under any chart, the latest point always labelled. */
function labelStep(points: number): number {
  return Math.max(1, Math.ceil(points / 7));
}

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`chart-${id}`}>
      <Title order={3} size="h5" id={`chart-${id}`} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

type Sum = 'reviews' | 'casesOpened' | 'casesResolved' | 'followUpsSent' | 'followUpsDelivered' | 'replies';
type ChartProps = {
  series: Series;
  format: AnalyticsFormatters;
  /** The period in words, for the summary a screen reader gets instead of the drawing. */
  period: string;
};

/** What every chart of the period shares: day labels, their step, totals and the period in words. */
function chartBasics({ series, format, period }: ChartProps) {
  const { points } = series;
  return {
    points,
    labels: points.map((point) => format.day(point.start)),
    labelEvery: labelStep(points.length),
    total: (key: Sum) => format.count(points.reduce((sum, point) => sum + point[key], 0)),
    period,
  };
}

/** Reviews per day (ranges up to a month) or per week, with their average rating. */
export function ReviewsChart(props: ChartProps) {
  const { t } = useTranslation('analytics');
  const { points, labels, labelEvery, total, period } = chartBasics(props);
  return (
    <ChartCard id="reviews" title={t(`charts.reviews.${props.series.granularity}`)}>
      <BarChart
        labels={labels}
        labelEvery={labelEvery}
        bars={[
          {
            key: 'reviews',
            label: t('charts.reviews.bars'),
            color: colors.reviews,
            values: points.map((p) => p.reviews),
          },
        ]}
        line={{
          label: t('charts.reviews.line'),
          color: colors.rating,
          values: points.map((p) => p.averageRating),
          max: maxRating,
          unit: '★',
        }}
        summary={t('charts.reviews.summary', { period, count: total('reviews') })}
      />
    </ChartCard>
  );
}

/** Cases opened and resolved per day or week. */
export function CasesChart(props: ChartProps) {
  const { t } = useTranslation('analytics');
  const { points, labels, labelEvery, total, period } = chartBasics(props);
  return (
    <ChartCard id="cases" title={t(`charts.cases.${props.series.granularity}`)}>
      <BarChart
        labels={labels}
        labelEvery={labelEvery}
        bars={[
          {
            key: 'opened',
            label: t('charts.cases.opened'),
            color: colors.opened,
            values: points.map((p) => p.casesOpened),
          },
          {
            key: 'resolved',
            label: t('charts.cases.resolved'),
            color: colors.resolved,
            values: points.map((p) => p.casesResolved),
          },
        ]}
        summary={t('charts.cases.summary', {
          period,
          opened: total('casesOpened'),
          resolved: total('casesResolved'),
        })}
      />
    </ChartCard>
  );
}

/** Follow-ups sent, delivered and replied to per day or week. */
export function FollowUpsChart(props: ChartProps) {
  const { t } = useTranslation('analytics');
  const { points, labels, labelEvery, total, period } = chartBasics(props);
  return (
    <ChartCard id="follow-ups" title={t(`charts.followUps.${props.series.granularity}`)}>
      <BarChart
        labels={labels}
        labelEvery={labelEvery}
        bars={[
          {
            key: 'sent',
            label: t('charts.followUps.sent'),
            color: colors.sent,
            values: points.map((p) => p.followUpsSent),
          },
          {
            key: 'delivered',
            label: t('charts.followUps.delivered'),
            color: colors.delivered,
            values: points.map((p) => p.followUpsDelivered),
          },
          {
            key: 'replies',
            label: t('charts.followUps.replies'),
            color: colors.replies,
            values: points.map((p) => p.replies),
          },
        ]}
        summary={t('charts.followUps.summary', {
          period,
          sent: total('followUpsSent'),
          delivered: total('followUpsDelivered'),
          replies: total('replies'),
        })}
      />
    </ChartCard>
  );
}
