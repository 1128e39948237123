import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const availabilities = ['available', 'comingSoon', 'planned'] as const;
export type Availability = (typeof availabilities)[number];

const colors: Record<Availability, string> = { available: 'green', comingSoon: 'brand', planned: 'gray' };

/** Available, Coming Soon or Planned (spec 3 §4). */
export function AvailabilityBadge({ status }: { status: Availability }) {
  const { t } = useTranslation('product');
  return (
    <Badge color={colors[status]} variant="light">
      {t(`availability.${status}`)}
    </Badge>
  );
}
