// /pricing below its plans: the enterprise contracts and the way to the cost calculator. It
// hydrates when it nears the viewport (hydrate-when-visible.tsx); pricing-page.tsx holds the plans.
import { enterpriseContracts } from '@careloop/domain/enterprise-contact';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { formatNumber, formatUsd } from './format';
import { Section } from './page-hero';

export function PricingLowerSections() {
  const localize = useLocalizedPath();
  const { t, i18n } = useTranslation('pricing');
  return (
    <>
      <Section title={t('page.contractsTitle')} subtitle={t('page.contractsText')} tinted>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {enterpriseContracts.map((contract) => (
            <Card key={contract.type} withBorder radius="md" padding="lg">
              <Group justify="space-between">
                <Title order={3} fz="h4">
                  {t(`enterprise.contracts.${contract.type}.name`)}
                </Title>
                {contract.popular && <Badge>{t('enterprise.popular')}</Badge>}
              </Group>
              <Text fz={28} fw={800} mt="sm">
                {contract.priceCents === null
                  ? t('enterprise.volumePricing')
                  : t('enterprise.perMonth', { price: formatUsd(contract.priceCents, i18n.language) })}
              </Text>
              <Text c="dark.6" fz="sm">
                {contract.messagesUpTo === null
                  ? t('enterprise.contracts.custom.volume')
                  : t('enterprise.upTo', { messages: formatNumber(contract.messagesUpTo, i18n.language) })}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Text ta="center" fz="sm" c="dark.6" mt="lg">
          {t('enterprise.discounts')}
        </Text>
      </Section>
      <Section>
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>{t('page.calculatorTitle')}</Title>
          <Text c="dark.6" maw={600}>
            {t('page.calculatorText')}
          </Text>
          <Button component={Link} to={localize(paths.costCalculator)} variant="light">
            {t('page.calculatorButton')}
          </Button>
        </Stack>
      </Section>
    </>
  );
}
