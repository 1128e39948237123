import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalyticsFormatters } from '../analytics-format';
import type { Kpi } from '../analytics-kpis';
import { KpiCard } from './kpi-card';

type KpiSectionProps = {
  id: string;
  title: string;
  kpis: readonly Kpi[];
  format: AnalyticsFormatters;
  /** Charts and tables of the same subject, under its KPIs. */
  children?: ReactNode;
};

/** A titled row of KPI cards (two a row on a phone's landscape, four on a desktop) and what goes with them. */
export function KpiSection({ id, title, kpis, format, children }: KpiSectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`section-${id}`}>
      <Title order={2} size="h3" id={`section-${id}`}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        {kpis.map((kpi) => (
          <KpiCard key={kpi.key} kpi={kpi} format={format} />
        ))}
      </SimpleGrid>
      {children}
    </Stack>
  );
}
