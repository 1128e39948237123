import type { ServiceStatus, StatusService } from '@careloop/contracts/public-site';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Bar colours by state, from the contrast-checked palette (graphics need 3:1 on white). */
const barColors: Record<ServiceStatus, string> = {
  operational: 'var(--mantine-color-green-7)',
  'partial-outage': 'var(--mantine-color-yellow-6)',
  'major-outage': 'var(--mantine-color-red-7)',
  unknown: 'var(--mantine-color-gray-3)',
};

/** The days a narrow screen shows; wider ones show the whole history (90 days). */
const narrowHistoryDays = 30;

type StatusHistoryProps = { service: StatusService; name: string };

/**
 * A service's daily history: one bar per UTC day, oldest on the left, coloured by the worst state
 * sampled that day (grey: no data), with the uptime over the whole history. Screen readers get the
 * summary; each bar's title names its day for a pointer.
 */
export function StatusHistory({ service, name }: StatusHistoryProps) {
  const { t, i18n } = useTranslation('status');
  const { history } = service;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const percentFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const uptime =
    service.uptimePercent === null
      ? t('history.noData')
      : t('history.uptime', { percent: percentFormat.format(service.uptimePercent) });
  const outageDays = history.filter(
    (day) => day.status === 'partial-outage' || day.status === 'major-outage',
  ).length;
  const firstShownOnNarrow = Math.max(0, history.length - narrowHistoryDays);

  return (
    <Box mt="sm">
      <Box
        role="img"
        aria-label={t('history.summary', { name, days: history.length, uptime, count: outageDays })}
        style={{ display: 'flex', gap: 2, height: 28, alignItems: 'stretch' }}
      >
        {history.map((day, index) => (
          <Box
            key={day.date}
            data-status={day.status}
            title={
              day.uptimePercent === null
                ? t('history.dayNoData', { date: dateFormat.format(new Date(day.date)) })
                : t('history.day', {
                    date: dateFormat.format(new Date(day.date)),
                    state: t(`states.${day.status}`),
                    percent: percentFormat.format(day.uptimePercent),
                  })
            }
            visibleFrom={index < firstShownOnNarrow ? 'sm' : undefined}
            style={{ flex: '1 1 0', minWidth: 2, borderRadius: 2, background: barColors[day.status] }}
          />
        ))}
      </Box>
      <Group justify="space-between" mt={4} gap="xs" aria-hidden="true">
        <Text fz="xs" c="dark.6" visibleFrom="sm">
          {t('history.daysAgo', { count: history.length })}
        </Text>
        <Text fz="xs" c="dark.6" hiddenFrom="sm">
          {t('history.daysAgo', { count: Math.min(history.length, narrowHistoryDays) })}
        </Text>
        <Text fz="xs" c="dark.6">
          {uptime}
        </Text>
        <Text fz="xs" c="dark.6">
          {t('history.today')}
        </Text>
      </Group>
    </Box>
  );
}
