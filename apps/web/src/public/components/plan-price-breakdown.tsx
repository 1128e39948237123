import type { PlanPrice } from '@careloop/domain/plans';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsd } from './format';

/**
 * The one way a plan's price is itemised on every surface (pricing page, calculator, upgrade
 * dialog, Settings > Plan): the platform subscription plus the messaging bundle it includes.
 */
export function PlanPriceBreakdown({ price, ...textProps }: { price: PlanPrice } & TextProps) {
  const { t, i18n } = useTranslation('pricing');
  return (
    <Text size="sm" c="dark.6" data-testid="plan-price-breakdown" {...textProps}>
      {t('breakdown', {
        platform: formatUsd(price.platformCents, i18n.language),
        messaging: formatUsd(price.messagingBundleCents, i18n.language),
      })}
    </Text>
  );
}
