import type { AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFormatters } from '../analytics-format';
import { hasNoSurveys, headlineKpis } from '../analytics-kpis';
import { KpiCard } from './kpi-card';
import { NpsMix } from './nps-mix';

type HeadlineSectionProps = {
  headline: AnalyticsSummaryResponse['headline'];
  format: AnalyticsFormatters;
};

/** The first KPI row, on every plan: how patients rate the clinic (NPS) and how many answer. */
export function HeadlineSection({ headline, format }: HeadlineSectionProps) {
  const { t } = useTranslation('analytics');
  const { nps, surveyResponseRate } = headlineKpis(headline.current, headline.previous);
  const noSurveys = hasNoSurveys(headline.current);
  const emptyText = noSurveys ? t('noSurveys.value') : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="section-feedback">
      <Title order={2} size="h3" id="section-feedback">
        {t('sections.feedback')}
      </Title>
      {noSurveys ? (
        <Text size="sm" c="dimmed" role="status">
          {t('noSurveys.text')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <KpiCard kpi={nps} format={format} emptyText={emptyText}>
          <NpsMix nps={headline.current.nps} />
        </KpiCard>
        <KpiCard kpi={surveyResponseRate} format={format} emptyText={emptyText} />
      </SimpleGrid>
    </Stack>
  );
}
