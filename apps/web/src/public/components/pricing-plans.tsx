import { type PublicPricingPlan, publicPricingPlans } from '@careloop/domain/plans';
import { Badge, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { formatNumber, formatUsd } from './format';
import { PlanPriceBreakdown } from './plan-price-breakdown';

// The dialog's code loads when someone first opens it, not with the page.
const EnterpriseContactDialog = lazy(() =>
  import('./enterprise-contact-dialog').then((m) => ({ default: m.EnterpriseContactDialog })),
);

function PlanCard({
  plan,
  headingLevel,
  onContactSales,
}: {
  plan: PublicPricingPlan;
  /** One level below the section title (h2 under the /pricing h1, h3 on the landing page). */
  headingLevel: 2 | 3;
  onContactSales: () => void;
}) {
  const localize = useLocalizedPath();
  const { t, i18n } = useTranslation('pricing');
  const lines = [
    plan.patientLimit === null
      ? t('limits.unlimitedPatients')
      : t('limits.patients', { value: formatNumber(plan.patientLimit, i18n.language) }),
    plan.messageAllowance === null
      ? t('limits.unlimitedMessages')
      : t('limits.messages', { value: formatNumber(plan.messageAllowance, i18n.language) }),
    ...plan.features.map((feature) => t(`features.${feature}`)),
  ];
  const titleId = `plan-${plan.tier}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      shadow={plan.popular ? 'md' : undefined}
      style={plan.popular ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
      aria-labelledby={titleId}
      component="article"
    >
      <Stack gap="md" h="100%">
        {plan.popular && (
          <Badge variant="filled" style={{ alignSelf: 'flex-start' }}>
            {t('mostPopular')}
          </Badge>
        )}
        <Title order={headingLevel} size="h3" id={titleId}>
          {plan.name}
        </Title>
        <Text>
          <Text component="span" fz={36} fw={800} data-testid="plan-price">
            {formatUsd(plan.price.totalCents, i18n.language)}
          </Text>
          <Text component="span" c="dark.6">
            {' '}
            {t(`period.${plan.period}`)}
          </Text>
        </Text>
        <PlanPriceBreakdown price={plan.price} mt={-12} />
        <Text c="dark.6" fz="sm">
          {t(`plans.${plan.tier}.description`)}
        </Text>
        <List
          spacing="xs"
          fz="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {plan.cta === 'signup' ? (
          <Button
            component={Link}
            to={localize(paths.signup)}
            variant={plan.popular ? 'filled' : 'outline'}
            fullWidth
          >
            {t(`plans.${plan.tier}.cta`)}
          </Button>
        ) : (
          <Button onClick={onContactSales} variant="outline" fullWidth>
            {t('contactSales')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** 'Choose Your Plan': the three public plans from the domain's price list. */
export function PricingPlans({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('pricing');
  // Mounted on first open and kept, so Cancel keeps what was typed and the close animation runs.
  const [hasOpened, setHasOpened] = useState(false);
  const [isDialogOpen, dialog] = useDisclosure(false, { onOpen: () => setHasOpened(true) });
  return (
    <Stack gap="xl">
      <Stack gap="xs" align="center" ta="center">
        <Title order={headingLevel} fz={{ base: 28, sm: headingLevel === 1 ? 44 : 32 }}>
          {t('title')}
        </Title>
        <Text c="dark.6" maw={640}>
          {t('subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {publicPricingPlans.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            headingLevel={headingLevel === 1 ? 2 : 3}
            onContactSales={dialog.open}
          />
        ))}
      </SimpleGrid>
      <Text ta="center" fz="sm" c="dark.6">
        {t('trialNote')}
      </Text>
      <Suspense fallback={null}>
        {hasOpened && <EnterpriseContactDialog opened={isDialogOpen} onClose={dialog.close} />}
      </Suspense>
    </Stack>
  );
}
