import { Group, Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoTip } from '../../../components/info-tip';
import { translateRuntimeKey } from '../../../i18n/runtime-key';
import type { AnalyticsFormatters } from '../analytics-format';
import { type Kpi, type KpiTrend, kpiChange } from '../analytics-kpis';

const trendColors = { better: 'green.6', worse: 'red.6', same: 'dimmed', changed: 'dimmed' } as const;

/** The value as the reader's language writes it; null when the period has no data for it. */
function formatValue(kpi: Kpi, value: number | null, format: AnalyticsFormatters): string | null {
  if (value === null) return null;
  switch (kpi.kind) {
    case 'rate':
      return format.rate(value);
    case 'hours':
      return format.hours(value);
    case 'score':
      return format.score(value);
    case 'rating':
      return format.rating(value);
    case 'count':
      return format.count(value);
  }
}

function formatDelta(
  kpi: Kpi,
  delta: number,
  format: AnalyticsFormatters,
  /** A share's change in percentage points ("+5 pts"). */
  points: (value: string) => string,
) {
  switch (kpi.kind) {
    case 'rate':
      return points(format.signed(delta));
    case 'hours':
      return format.signedHours(delta);
    default:
      return format.signed(delta);
  }
}

type KpiCardProps = {
  kpi: Kpi;
  format: AnalyticsFormatters;
  /** Shown instead of "No data" when the value is missing (e.g. "No surveys yet"). */
  emptyText?: string;
  /** Drawn under the figures (the NPS mix). */
  children?: ReactNode;
};

/** One KPI: its value, what it is made of, the change from the previous period, and its definition. */
export function KpiCard({ kpi, format, emptyText, children }: KpiCardProps) {
  const { t } = useTranslation('analytics');
  const labelId = `kpi-${kpi.key}`;
  const value = formatValue(kpi, kpi.current, format);
  const change = kpiChange(kpi);
  const TrendIcon =
    change === null || change.trend === 'same' || change.trend === 'changed'
      ? IconArrowRight
      : change.delta > 0
        ? IconArrowUpRight
        : IconArrowDownRight;

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" id={labelId} fw={500}>
          {t(`kpis.${kpi.key}.label`)}
        </Text>
        <InfoTip
          label={t('definitionOf', { kpi: t(`kpis.${kpi.key}.label`) })}
          text={t(`kpis.${kpi.key}.definition`)}
        />
      </Group>
      <Text fz={28} fw={700} lh={1.2} data-testid={`kpi-value-${kpi.key}`}>
        {value ?? (
          <Text component="span" fz="md" fw={500} c="dimmed">
            {emptyText ?? t('noData')}
          </Text>
        )}
      </Text>
      {kpi.detail && value !== null ? (
        <Text size="sm" c="dimmed">
          {/* Counts go in as numbers: the translation formats them ({{count, number}}) and picks the plural. */}
          {translateRuntimeKey(t, `analytics:kpis.${kpi.key}.detail`, kpi.detail)}
        </Text>
      ) : null}
      {change ? (
        <Group gap={4} wrap="nowrap" mt={4} c={trendColors[change.trend]}>
          <TrendIcon size={16} aria-hidden="true" />
          <Text size="sm">
            {t(`trend.${change.trend satisfies KpiTrend}`, {
              change: formatDelta(kpi, change.delta, format, (value) => t('delta.points', { value })),
            })}
          </Text>
        </Group>
      ) : kpi.current !== null ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('trend.noComparison')}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
