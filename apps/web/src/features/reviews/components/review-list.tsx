import type { Review } from '@careloop/contracts/reviews';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatReviewDate } from '../reviews.utils';
import { MatchStatusBadge } from './match-status-badge';
import { StarRating } from './star-rating';

type ReviewListProps = { reviews: Review[]; onOpen: (id: string) => void };

export function ReviewList({ reviews, onOpen }: ReviewListProps) {
  const { t, i18n } = useTranslation('reviews');
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {reviews.map((review) => (
        <li key={review.id}>
          <Paper withBorder radius="md" p={0}>
            <UnstyledButton w="100%" p="md" onClick={() => onOpen(review.id)} aria-haspopup="dialog">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <StarRating rating={review.rating} />
                  <Group gap={6} wrap="wrap">
                    <MatchStatusBadge status={review.matchStatus} />
                    {review.openCaseId ? (
                      <Badge color="blue" variant="outline">
                        {t('list.caseOpen')}
                      </Badge>
                    ) : null}
                  </Group>
                </Group>
                {review.title ? (
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {review.title}
                  </Text>
                ) : null}
                {review.reviewText ? (
                  <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {review.reviewText}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  {review.reviewerName ?? t('list.anonymous')}
                  {' · '}
                  {formatReviewDate(review.reviewDate, i18n.language)}
                  {review.patientName ? ` · ${t('list.patient', { name: review.patientName })}` : ''}
                </Text>
              </Stack>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
