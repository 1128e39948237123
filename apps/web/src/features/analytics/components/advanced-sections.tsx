import type { AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFormatters } from '../analytics-format';
import { caseKpis, followUpKpis, isQuietPeriod, recoveryKpis, reviewKpis } from '../analytics-kpis';
import { BreakdownTables, ChannelTable, PlatformTable } from './breakdown-tables';
import { KpiSection } from './kpi-section';
import { CasesChart, FollowUpsChart, ReviewsChart } from './trend-charts';

type AdvancedSectionsProps = {
  advanced: NonNullable<AnalyticsSummaryResponse['advanced']>;
  breakdowns: AnalyticsSummaryResponse['breakdowns'];
  series: AnalyticsSummaryResponse['series'];
  period: AnalyticsSummaryResponse['period'];
  format: AnalyticsFormatters;
};

/** Everything past the first row (plans with advanced analytics): the loop, subject by subject. */
export function AdvancedSections({ advanced, breakdowns, series, period, format }: AdvancedSectionsProps) {
  const { t } = useTranslation('analytics');
  const periodText = format.period(period.from, period.to);
  return (
    <Stack gap="xl">
      {isQuietPeriod(advanced.current) ? (
        <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          {t('quietPeriod')}
        </Alert>
      ) : null}
      <KpiSection
        id="recovery"
        title={t('sections.recovery')}
        kpis={recoveryKpis(advanced)}
        format={format}
      />
      <KpiSection id="reviews" title={t('sections.reviews')} kpis={reviewKpis(advanced)} format={format}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {series ? <ReviewsChart series={series} format={format} period={periodText} /> : null}
          <PlatformTable rows={advanced.current.reviews.perPlatform} format={format} period={period} />
        </SimpleGrid>
      </KpiSection>
      <KpiSection id="cases" title={t('sections.cases')} kpis={caseKpis(advanced)} format={format}>
        {series ? <CasesChart series={series} format={format} period={periodText} /> : null}
      </KpiSection>
      <KpiSection
        id="follow-ups"
        title={t('sections.followUps')}
        kpis={followUpKpis(advanced)}
        format={format}
      >
        {series ? <FollowUpsChart series={series} format={format} period={periodText} /> : null}
        {breakdowns ? <ChannelTable rows={breakdowns.perChannel} format={format} period={period} /> : null}
      </KpiSection>
      {breakdowns ? (
        <Stack gap="sm" component="section" aria-labelledby="section-breakdowns">
          <Title order={2} size="h3" id="section-breakdowns">
            {t('sections.breakdowns')}
          </Title>
          <BreakdownTables breakdowns={breakdowns} format={format} period={period} />
        </Stack>
      ) : null}
    </Stack>
  );
}
