import { includedMessagesOf, planNames, resolvePlanTier } from '@careloop/domain/plans';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../public/components/format';

/**
 * Said before the clinic picks a channel its plan includes no messages of (Starter: 0 SMS), so
 * "SMS only" is not chosen without knowing each SMS is billed as overage.
 */
export function ChannelAllowanceWarning({
  tier,
  channel,
}: {
  tier: string | null | undefined;
  channel: 'whatsapp' | 'sms';
}) {
  const { t, i18n } = useTranslation('plans');
  if (includedMessagesOf(tier, channel) !== 0) return null;
  const other = channel === 'sms' ? 'whatsapp' : 'sms';
  const otherIncluded = includedMessagesOf(tier, other);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={t(`channelAllowance.${channel}.title`, { plan: planNames[resolvePlanTier(tier)] })}
      data-testid="channel-allowance-warning"
    >
      {t(`channelAllowance.${channel}.text`, {
        included: otherIncluded === null ? '∞' : formatNumber(otherIncluded, i18n.language),
      })}
    </Alert>
  );
}
