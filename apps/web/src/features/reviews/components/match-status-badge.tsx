import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchStatusColors } from '../reviews.utils';

export function MatchStatusBadge({ status }: { status: ReviewMatchStatus }) {
  const { t } = useTranslation('reviews');
  return (
    <Badge color={matchStatusColors[status]} variant="light">
      {t(`matchStatus.${status}`)}
    </Badge>
  );
}
