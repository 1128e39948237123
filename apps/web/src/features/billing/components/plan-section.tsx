import type { Usage } from '@careloop/contracts/usage';
import {
  calculatorPlans,
  calculatorUnlimited,
  type PlanTier,
  planNames,
  planTiers,
} from '@careloop/domain/plans';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { clinicSettingsKey } from '../../../lib/clinic-settings-key';
import { currentUserKeys } from '../../../lib/current-user';
import { showError } from '../../../lib/notifications';
import { EnterpriseContactDialog } from '../../../public/components/enterprise-contact-dialog';
import { formatDate, formatMonth, formatNumber, formatUsd } from '../../../public/components/format';
import { PlanPriceBreakdown } from '../../../public/components/plan-price-breakdown';
import { useBillingStatus, useOpenBillingPortal, useResumeSubscription } from '../api/billing';
import { billingKeys } from '../api/billing-keys';
import { goToStripe, useChangePlan } from '../hooks/use-change-plan';
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
  // "Unlimited patients" is its own sentence: "{{value}} pacientes" with "Ilimitado" reads wrong in Spanish.
  const allowance = (key: 'patients' | 'whatsapp' | 'sms', value: number) =>
    value >= calculatorUnlimited
      ? t(`plans.${key}Unlimited`)
      : t(`plans.${key}`, { value: formatNumber(value, i18n.language) });
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={planNames[tier]}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4">
          {planNames[tier]}
        </Title>
        <Text fw={700} data-testid="plan-price">
          {tier === 'enterprise'
            ? t('dialog.customPricing')
            : t('dialog.pricePerMonth', { price: formatUsd(plan.price.totalCents, i18n.language) })}
        </Text>
        {tier === 'enterprise' ? null : <PlanPriceBreakdown price={plan.price} />}
        <Text size="sm">{allowance('patients', plan.patientLimit)}</Text>
        <Text size="sm">{allowance('whatsapp', plan.includedWhatsApp)}</Text>
        <Text size="sm">{allowance('sms', plan.includedSms)}</Text>
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

/** Back from Stripe: what happened, and fresh plan data (the webhook may have changed the plan). */
function StripeReturnNotice() {
  const { t } = useTranslation('plans');
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const checkout = searchParams.get('checkout');
  const portal = searchParams.get('portal');
  useEffect(() => {
    if (!checkout && !portal) return;
    for (const key of [currentUserKeys.all, billingKeys.usage, billingKeys.billing, clinicSettingsKey]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [checkout, portal, queryClient]);
  if (checkout === 'success') {
    return (
      <Alert color="green" variant="light" role="status" title={t('billing.successTitle')}>
        {t('billing.successMessage')}
      </Alert>
    );
  }
  if (checkout === 'cancelled') {
    return (
      <Alert color="gray" variant="light">
        {t('billing.cancelled')}
      </Alert>
    );
  }
  return null;
}

/** A plan cancelled in the portal: kept until the period's end, with "Resume" until then. */
function CancelledPlanNotice({ plan, endsAt }: { plan: PlanTier; endsAt: string }) {
  const { t, i18n } = useTranslation('plans');
  const resume = useResumeSubscription();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('billing.endsTitle', { plan: planNames[plan], date: formatDate(endsAt, i18n.language) })}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('billing.endsMessage', { plan: planNames[plan] })}</Text>
        <Button
          loading={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onError: (error) =>
                showError({
                  title: t('billing.resumeFailed'),
                  message: error instanceof ApiError ? apiErrorMessage(error) : undefined,
                }),
            })
          }
        >
          {t('billing.resume')}
        </Button>
      </Stack>
    </Alert>
  );
}

function ManageBilling({ plan }: { plan: PlanTier }) {
  const { t } = useTranslation('plans');
  const status = useBillingStatus(true);
  const portal = useOpenBillingPortal();
  if (!status.data?.hasBillingAccount) return null;
  const { cancelAtPeriodEnd, currentPeriodEnd } = status.data;
  return (
    <Stack gap="sm">
      {cancelAtPeriodEnd && currentPeriodEnd ? (
        <CancelledPlanNotice plan={plan} endsAt={currentPeriodEnd} />
      ) : null}
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('billing.portalDescription')}</Text>
        <Button
          variant="default"
          loading={portal.isPending || portal.isSuccess}
          onClick={() =>
            portal.mutate(undefined, {
              onSuccess: ({ url }) => goToStripe(url),
              onError: (error) =>
                showError({
                  title: t('billing.portalFailed'),
                  message: error instanceof ApiError ? apiErrorMessage(error) : undefined,
                }),
            })
          }
        >
          {t('billing.manage')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Settings > Plan & usage: this month's usage and the plans, with the owner's plan change. */
export function PlanSection({ usage, canChangePlan }: { usage: Usage; canChangePlan: boolean }) {
  const { t, i18n } = useTranslation('plans');
  const { changePlan, isPending, isContactOpen, closeContact } = useChangePlan();
  return (
    <Stack gap="lg">
      <StripeReturnNotice />
      <SettingsSection
        title={t('usage.title')}
        description={t('usage.description', { month: formatMonth(usage.month, i18n.language) })}
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
        {canChangePlan ? <ManageBilling plan={usage.plan} /> : null}
      </SettingsSection>
      <EnterpriseContactDialog opened={isContactOpen} onClose={closeContact} />
    </Stack>
  );
}
