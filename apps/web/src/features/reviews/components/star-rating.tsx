import { maxRating } from '@careloop/domain/review-rules';
import { Group, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Stars for the eye, "Rated 2 out of 5" for screen readers. */
export function StarRating({ rating }: { rating: number }) {
  const { t } = useTranslation('reviews');
  return (
    <Group gap={2} wrap="nowrap">
      {Array.from({ length: maxRating }, (_, i) =>
        i < rating ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars
          <IconStarFilled key={i} size={16} color="var(--mantine-color-orange-6)" aria-hidden="true" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars
          <IconStar key={i} size={16} color="var(--mantine-color-gray-5)" aria-hidden="true" />
        ),
      )}
      <VisuallyHidden>{t('list.rated', { rating, max: maxRating })}</VisuallyHidden>
    </Group>
  );
}
