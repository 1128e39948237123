import type { Usage } from '@careloop/contracts/usage';
import {
  calculatorPlans,
  calculatorUnlimited,
  type PlanTier,
  planNames,
  planTiers,
} from '@careloop/domain/plans';
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EnterpriseContactDialog } from '../../../public/components/enterprise-contact-dialog';
import { formatNumber, formatUsd } from '../../../public/components/format';
import { useChangePlan } from '../hooks/use-change-plan';
import { SettingsSection } from './settings-section';
import { UsageMeters } from './usage-meters';

const rank = (tier: PlanTier) => planTiers.indexOf(tier);

function PlanCard({
  tier,
  current,
  canChangePlan,
  isPending,
  onChoose,
}: {
  tier: PlanTier;
  current: PlanTier;
  canChangePlan: boolean;
  isPending: boolean;
  onChoose: (tier: PlanTier) => void;
}) {
  const { t, i18n } = useTranslation('plans');
  const plan = calculatorPlans[tier];
  const amount = (value: number) =>
    value >= calculatorUnlimited ? t('plans.unlimited') : formatNumber(value, i18n.language);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={planNames[tier]}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4">
          {planNames[tier]}
        </Title>
        <Text fw={700}>
          {tier === 'enterprise'
            ? t('dialog.customPricing')
            : t('dialog.pricePerMonth', { price: formatUsd(plan.priceCents, i18n.language) })}
        </Text>
        <Text size="sm">{t('plans.patients', { value: amount(plan.patientLimit) })}</Text>
        <Text size="sm">{t('plans.whatsapp', { value: amount(plan.includedWhatsApp) })}</Text>
        <Text size="sm">{t('plans.sms', { value: amount(plan.includedSms) })}</Text>
        {tier === current ? (
          <Badge variant="light" mt="auto">
            {t('plans.current')}
          </Badge>
        ) : canChangePlan && (rank(tier) > rank(current) || tier === 'enterprise') ? (
          <Button mt="auto" onClick={() => onChoose(tier)} loading={isPending && tier !== 'enterprise'}>
            {tier === 'enterprise'
              ? t('plans.contactSales')
              : t('dialog.upgradeTo', { plan: planNames[tier] })}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Settings > Plan & usage: this month's usage and the plans, with the owner's plan change. */
export function PlanSection({ usage, canChangePlan }: { usage: Usage; canChangePlan: boolean }) {
  const { t } = useTranslation('plans');
  const { changePlan, isPending, isContactOpen, closeContact } = useChangePlan();
  return (
    <Stack gap="lg">
      <SettingsSection
        title={t('usage.title')}
        description={t('usage.description', { month: usage.month })}
        status={<Badge size="lg">{planNames[usage.plan]}</Badge>}
      >
        <UsageMeters usage={usage} />
      </SettingsSection>
      <SettingsSection title={t('plans.title')} description={canChangePlan ? undefined : t('ownersOnly')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {planTiers.map((tier) => (
            <PlanCard
              key={tier}
              tier={tier}
              current={usage.plan}
              canChangePlan={canChangePlan}
              isPending={isPending}
              onChoose={changePlan}
            />
          ))}
        </SimpleGrid>
      </SettingsSection>
      <EnterpriseContactDialog opened={isContactOpen} onClose={closeContact} />
    </Stack>
  );
}
