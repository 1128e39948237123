import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deliveryDisplay } from '../conversations.utils';

/** Sent, delivered, read, failed; any other status is pending, with a clock icon. */
export function DeliveryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('conversations');
  const display = deliveryDisplay(status);
  return (
    <Badge
      color={display.color}
      variant="light"
      leftSection={display.isPending ? <IconClock size={12} aria-hidden="true" /> : undefined}
    >
      {t(`status.${display.key}`)}
    </Badge>
  );
}
