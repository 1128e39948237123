import type { CaseSummary } from '@careloop/contracts/cases';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleNumber } from '../../../i18n/use-locale-number';

const cards = [
  { key: 'total', color: undefined },
  { key: 'open', color: 'blue.6' },
  { key: 'overdue', color: 'red.6' },
  { key: 'highPriority', color: 'orange.6' },
] as const satisfies readonly { key: keyof CaseSummary; color: string | undefined }[];

/** Total, Open, Overdue, High Priority; a dash while loading. */
export function CaseSummaryCards({ summary }: { summary: CaseSummary | undefined }) {
  const { t } = useTranslation('cases');
  const formatNumber = useLocaleNumber();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label={t('summary.label')}>
      {cards.map((card) => (
        <Paper key={card.key} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" id={`case-summary-${card.key}`}>
            {t(`summary.${card.key}`)}
          </Text>
          <Text fz={28} fw={700} c={card.color} aria-labelledby={`case-summary-${card.key}`}>
            {summary ? formatNumber(summary[card.key]) : '–'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
