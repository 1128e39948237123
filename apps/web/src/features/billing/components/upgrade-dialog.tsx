import type { Usage } from '@careloop/contracts/usage';
import { type PlanTier, planNames } from '@careloop/domain/plans';
import { Alert, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatUsd } from '../../../public/components/format';
import { PlanPriceBreakdown } from '../../../public/components/plan-price-breakdown';
import { UsageMeters } from './usage-meters';

type UpgradeDialogProps = {
  opened: boolean;
  usage: Usage;
  /** Only owners change the plan; others are told to ask one. */
  canChangePlan: boolean;
  isUpgrading?: boolean;
  onRemindLater: () => void;
  onUpgrade: (plan: PlanTier) => void;
};

/** Spec 2 §2 "Upgrade dialog": usage against the plan, the recommended plan, starter's SMS add-on. */
export function UpgradeDialog({
  opened,
  usage,
  canChangePlan,
  isUpgrading = false,
  onRemindLater,
  onUpgrade,
}: UpgradeDialogProps) {
  const { t, i18n } = useTranslation(['plans', 'common']);
  const plan = usage.recommendedPlan;
  const planName = planNames[plan];
  return (
    <Modal
      opened={opened}
      onClose={onRemindLater}
      title={t('dialog.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {usage.patientLimitExceeded && usage.patients.limit !== null ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t('dialog.patientLimit.title')}
          >
            {t('dialog.patientLimit.message', {
              used: formatNumber(usage.patients.used, i18n.language),
              limit: formatNumber(usage.patients.limit, i18n.language),
            })}
          </Alert>
        ) : null}
        <UsageMeters usage={usage} withPatients={false} />
        <Card withBorder padding="md" radius="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('dialog.recommended')}
            </Text>
            <Text fw={700} size="lg" data-testid="recommended-plan">
              {planName}
            </Text>
            <Text size="sm" data-testid="plan-price">
              {usage.recommendedPrice === null
                ? t('dialog.customPricing')
                : t('dialog.pricePerMonth', {
                    price: formatUsd(usage.recommendedPrice.totalCents, i18n.language),
                  })}
            </Text>
            {usage.recommendedPrice === null ? null : <PlanPriceBreakdown price={usage.recommendedPrice} />}
          </Stack>
        </Card>
        {usage.smsAddOn ? (
          <Card withBorder padding="md" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconMessage2 size={20} aria-hidden="true" />
              <Stack gap={2}>
                <Text fw={600}>{t('dialog.smsAddOn.title')}</Text>
                <Text size="sm">
                  {t('dialog.smsAddOn.description', {
                    price: formatUsd(usage.smsAddOn.priceCents, i18n.language),
                    sms: formatNumber(usage.smsAddOn.sms, i18n.language),
                  })}
                </Text>
              </Stack>
            </Group>
          </Card>
        ) : null}
        {canChangePlan ? null : (
          <Text size="sm" c="dimmed">
            {t('ownersOnly')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onRemindLater}>
            {t('dialog.remindLater')}
          </Button>
          {canChangePlan ? (
            <Button onClick={() => onUpgrade(plan)} loading={isUpgrading}>
              {t('dialog.upgradeTo', { plan: planName })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
