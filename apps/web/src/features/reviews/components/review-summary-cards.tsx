import type { ReviewSummary } from '@careloop/contracts/reviews';
import { formatAverageRating } from '@careloop/domain/review-rules';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Total Reviews, Matched Patients, Avg Rating (one decimal), Needs Attention; a dash while loading. */
export function ReviewSummaryCards({ summary }: { summary: ReviewSummary | undefined }) {
  const { t, i18n } = useTranslation('reviews');
  const cards = [
    { key: 'total', value: summary?.totalReviews, color: undefined },
    { key: 'matched', value: summary?.matchedPatients, color: 'green.6' },
    {
      key: 'average',
      value: summary ? formatAverageRating(summary.averageRating, i18n.language) : undefined,
      color: 'orange.6',
    },
    { key: 'needsAttention', value: summary?.needsAttention, color: 'red.6' },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label={t('summary.label')}>
      {cards.map((card) => (
        <Paper key={card.key} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" id={`review-summary-${card.key}`}>
            {t(`summary.${card.key}`)}
          </Text>
          <Text fz={28} fw={700} c={card.color} aria-labelledby={`review-summary-${card.key}`}>
            {card.value ?? '–'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
