import type {
  AnalyticsRate,
  AnalyticsSummaryResponse,
  ChannelFollowUps,
  PlatformReviews,
  ProcedureBreakdown,
  StaffBreakdown,
} from '@careloop/contracts/analytics';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AnalyticsFormatters, ratePercent, roundedHours, shareOf } from '../analytics-format';
import { ExportTable, type TableColumn } from './export-table';

type Breakdowns = NonNullable<AnalyticsSummaryResponse['breakdowns']>;
type TablesProps = { format: AnalyticsFormatters; period: { from: string; to: string } };

function useCells(format: AnalyticsFormatters) {
  const { t } = useTranslation('analytics');
  const empty = (
    <Text component="span" size="sm" c="dimmed">
      {t('noData')}
    </Text>
  );
  return {
    count: (value: number) => format.count(value),
    rate: (rate: AnalyticsRate) => {
      const share = shareOf(rate);
      return share === null ? empty : format.rate(share);
    },
    hours: (hours: number | null) => (hours === null ? empty : format.hours(hours)),
    score: (score: number | null) => (score === null ? empty : format.score(score)),
    rating: (rating: number | null) => (rating === null ? empty : format.rating(rating)),
  };
}

/** Reviews written in the period, per platform. */
export function PlatformTable({ rows, format, period }: TablesProps & { rows: readonly PlatformReviews[] }) {
  const { t } = useTranslation('analytics');
  const cell = useCells(format);
  const columns: TableColumn<PlatformReviews>[] = [
    {
      header: t('columns.platform'),
      render: (r) => t(`platforms.${r.platform}`),
      csv: (r) => t(`platforms.${r.platform}`),
    },
    {
      header: t('columns.reviews'),
      isNumeric: true,
      render: (r) => cell.count(r.count),
      csv: (r) => r.count,
    },
    {
      header: t('columns.averageRating'),
      isNumeric: true,
      render: (r) => cell.rating(r.averageRating),
      csv: (r) => r.averageRating,
    },
  ];
  return (
    <ExportTable
      id="platforms"
      title={t('tables.platforms')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.platform}
      period={period}
      emptyText={t('tables.empty')}
      minWidth={320}
    />
  );
}

/** Follow-ups per channel: delivery, replies and opt-outs. */
export function ChannelTable({ rows, format, period }: TablesProps & { rows: readonly ChannelFollowUps[] }) {
  const { t } = useTranslation('analytics');
  const cell = useCells(format);
  const columns: TableColumn<ChannelFollowUps>[] = [
    {
      header: t('columns.channel'),
      render: (r) => t(`channels.${r.channel}`),
      csv: (r) => t(`channels.${r.channel}`),
    },
    { header: t('columns.sent'), isNumeric: true, render: (r) => cell.count(r.sent), csv: (r) => r.sent },
    {
      header: t('columns.delivered'),
      isNumeric: true,
      render: (r) => cell.count(r.delivered),
      csv: (r) => r.delivered,
    },
    {
      header: t('columns.failed'),
      isNumeric: true,
      render: (r) => cell.count(r.failed),
      csv: (r) => r.failed,
    },
    {
      header: t('columns.deliveryRate'),
      csvHeader: t('columns.percent', { column: t('columns.deliveryRate') }),
      isNumeric: true,
      render: (r) => cell.rate(r.deliveryRate),
      csv: (r) => ratePercent(shareOf(r.deliveryRate)),
    },
    {
      header: t('columns.replied'),
      isNumeric: true,
      render: (r) => cell.count(r.replied),
      csv: (r) => r.replied,
    },
    {
      header: t('columns.replyRate'),
      csvHeader: t('columns.percent', { column: t('columns.replyRate') }),
      isNumeric: true,
      render: (r) => cell.rate(r.replyRate),
      csv: (r) => ratePercent(shareOf(r.replyRate)),
    },
    {
      header: t('columns.optOuts'),
      isNumeric: true,
      render: (r) => cell.count(r.optOuts),
      csv: (r) => r.optOuts,
    },
  ];
  return (
    <ExportTable
      id="channels"
      title={t('tables.channels')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.channel}
      period={period}
      emptyText={t('tables.empty')}
      minWidth={720}
    />
  );
}

function ProcedureTable({ rows, format, period }: TablesProps & { rows: readonly ProcedureBreakdown[] }) {
  const { t } = useTranslation('analytics');
  const cell = useCells(format);
  const name = (r: ProcedureBreakdown) =>
    r.procedure === null
      ? t('tables.noProcedure')
      : t(`patients:procedures.${r.procedure}`, { defaultValue: r.procedure });
  const columns: TableColumn<ProcedureBreakdown>[] = [
    { header: t('columns.procedure'), render: name, csv: name },
    {
      header: t('columns.followUpsSent'),
      isNumeric: true,
      render: (r) => cell.count(r.followUpsSent),
      csv: (r) => r.followUpsSent,
    },
    {
      header: t('columns.nps'),
      isNumeric: true,
      render: (r) => cell.score(r.nps.score),
      csv: (r) => r.nps.score,
    },
    {
      header: t('columns.responses'),
      isNumeric: true,
      render: (r) => cell.count(r.nps.responses),
      csv: (r) => r.nps.responses,
    },
    {
      header: t('columns.lowRatingReviews'),
      isNumeric: true,
      render: (r) => cell.count(r.lowRatingReviews),
      csv: (r) => r.lowRatingReviews,
    },
    {
      header: t('columns.casesOpened'),
      isNumeric: true,
      render: (r) => cell.count(r.casesOpened),
      csv: (r) => r.casesOpened,
    },
    {
      header: t('columns.recoveryRate'),
      csvHeader: t('columns.percent', { column: t('columns.recoveryRate') }),
      isNumeric: true,
      render: (r) => cell.rate(r.recoveryRate),
      csv: (r) => ratePercent(shareOf(r.recoveryRate)),
    },
  ];
  return (
    <ExportTable
      id="procedures"
      title={t('tables.procedures')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.procedure ?? ''}
      period={period}
      emptyText={t('tables.empty')}
      minWidth={760}
    />
  );
}

function StaffTable({ rows, format, period }: TablesProps & { rows: readonly StaffBreakdown[] }) {
  const { t } = useTranslation('analytics');
  const cell = useCells(format);
  const name = (r: StaffBreakdown) =>
    r.userId === null ? t('tables.noOwner') : (r.name ?? t('tables.formerMember'));
  const columns: TableColumn<StaffBreakdown>[] = [
    { header: t('columns.caseOwner'), render: name, csv: name },
    {
      header: t('columns.casesOpened'),
      isNumeric: true,
      render: (r) => cell.count(r.casesOpened),
      csv: (r) => r.casesOpened,
    },
    {
      header: t('columns.casesResolved'),
      isNumeric: true,
      render: (r) => cell.count(r.casesResolved),
      csv: (r) => r.casesResolved,
    },
    {
      header: t('columns.medianResolve'),
      csvHeader: t('columns.hours', { column: t('columns.medianResolve') }),
      isNumeric: true,
      render: (r) => cell.hours(r.medianHoursToResolve),
      csv: (r) => roundedHours(r.medianHoursToResolve),
    },
    {
      header: t('columns.slaMet'),
      csvHeader: t('columns.percent', { column: t('columns.slaMet') }),
      isNumeric: true,
      render: (r) => cell.rate(r.slaMetRate),
      csv: (r) => ratePercent(shareOf(r.slaMetRate)),
    },
  ];
  return (
    <ExportTable
      id="staff"
      title={t('tables.staff')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.userId ?? ''}
      period={period}
      emptyText={t('tables.empty')}
      minWidth={640}
    />
  );
}

/** Per procedure, and per case owner for owners and admins (the server sends no staff rows to staff). */
export function BreakdownTables({ breakdowns, format, period }: TablesProps & { breakdowns: Breakdowns }) {
  return (
    <SimpleGrid cols={1} spacing="sm">
      <ProcedureTable rows={breakdowns.perProcedure} format={format} period={period} />
      {breakdowns.perStaff ? <StaffTable rows={breakdowns.perStaff} format={format} period={period} /> : null}
    </SimpleGrid>
  );
}
