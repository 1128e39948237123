import { planMessages } from '@careloop/domain/plans';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useCurrentUser } from '../../lib/current-user';
import { translateDomainMessage } from '../../lib/domain-messages';
import { paths } from '../../lib/routes';
import { analyticsFormatters } from './analytics-format';
import {
  customRangeProblem,
  parseRangeSelection,
  type RangeSelection,
  rangeOf,
  rangeSearchParams,
  todayIn,
} from './analytics-range';
import { useAnalyticsSummary } from './api/get-analytics-summary';
import { AdvancedSections } from './components/advanced-sections';
import { HeadlineSection } from './components/headline-section';
import { RangePicker } from './components/range-picker';

/**
 * /analytics: is the loop working? NPS and response rate for every plan; recovery, reviews, cases,
 * follow-ups and breakdowns for plans with advanced analytics, each compared with the period before.
 */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation('analytics');
  const me = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = parseRangeSelection(searchParams);
  const timeZone = me.data?.clinic.timeZone ?? null;
  const today = timeZone ? todayIn(timeZone) : null;
  const range = today ? rangeOf(selection, today) : null;
  const rangeProblem =
    range && today && selection.kind === 'custom' ? customRangeProblem(range.from, range.to, today) : null;
  const summary = useAnalyticsSummary(rangeProblem ? null : range);
  const format = useMemo(() => analyticsFormatters(i18n.language), [i18n.language]);
  const data = summary.data;

  const handleRangeChange = (next: RangeSelection) => setSearchParams(rangeSearchParams(next));

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>

      {range && today ? (
        <Stack gap={6}>
          <RangePicker selection={selection} range={range} today={today} onChange={handleRangeChange} />
          {data ? (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('periodLine', {
                  period: format.period(data.period.from, data.period.to),
                  previous: format.period(data.previousPeriod.from, data.previousPeriod.to),
                  timeZone: data.timeZone,
                })}
              </Text>
              {summary.isPlaceholderData ? (
                <Group gap={6} role="status">
                  <Loader size="xs" aria-hidden="true" />
                  <Text size="sm" c="dimmed">
                    {t('updating')}
                  </Text>
                </Group>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ) : null}

      <QueryState query={me} errorTitle={t('loadError')} errorDetail={apiErrorMessage}>
        {() =>
          rangeProblem ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {t(`range.errors.${rangeProblem}`)}
            </Alert>
          ) : (
            <QueryState query={summary} errorTitle={t('loadError')} errorDetail={apiErrorMessage}>
              {(loaded) => (
                <>
                  <HeadlineSection headline={loaded.headline} format={format} />
                  {loaded.hasAdvancedAnalytics && loaded.advanced ? (
                    <AdvancedSections
                      advanced={loaded.advanced}
                      breakdowns={loaded.breakdowns}
                      series={loaded.series}
                      period={loaded.period}
                      format={format}
                    />
                  ) : (
                    <LockedNotice />
                  )}
                </>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** Starter: the first row above, and the plan's message for the rest. */
function LockedNotice() {
  const { t } = useTranslation('analytics');
  return (
    <Alert color="brand" icon={<IconLock size={18} aria-hidden="true" />} title={t('locked.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
        <Text size="sm">{t('locked.text')}</Text>
        <Button component={Link} to={`${paths.settings}?tab=plan`} variant="light">
          {t('locked.plans')}
        </Button>
      </Stack>
    </Alert>
  );
}
