import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { type Availability, AvailabilityBadge } from './components/availability-badge';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const EnterpriseContactDialog = lazy(() =>
  import('./components/enterprise-contact-dialog').then((m) => ({ default: m.EnterpriseContactDialog })),
);

type CoreIntegrationId = 'whatsapp' | 'sms' | 'trustpilot' | 'email' | 'restApi' | 'googleBusiness';

const coreIntegrations: readonly { id: CoreIntegrationId; status: Availability }[] = [
  { id: 'whatsapp', status: 'available' },
  { id: 'sms', status: 'available' },
  { id: 'trustpilot', status: 'available' },
  { id: 'email', status: 'available' },
  { id: 'restApi', status: 'available' },
  { id: 'googleBusiness', status: 'comingSoon' },
];

const reviewPlatforms: readonly { name: string; status: Availability }[] = [
  { name: 'Trustpilot', status: 'available' },
  { name: 'Google Reviews', status: 'comingSoon' },
  { name: 'Facebook', status: 'planned' },
  { name: 'Yelp', status: 'planned' },
  { name: 'RealSelf', status: 'planned' },
  { name: 'Doctolib', status: 'planned' },
];

/** /integrations: six core integrations, the review platforms, Contact Sales and the API docs. */
export function IntegrationsPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['product', 'public']);
  usePageMeta(t('public:meta.integrations.title'), t('public:meta.integrations.description'));
  const [hasOpened, setHasOpened] = useState(false);
  const [isDialogOpen, dialog] = useDisclosure(false, { onOpen: () => setHasOpened(true) });
  return (
    <>
      <PageHero title={t('integrations.title')} subtitle={t('integrations.subtitle')} />
      <Section title={t('integrations.coreTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {coreIntegrations.map((integration) => (
            <Card key={integration.id} withBorder radius="md" padding="lg">
              <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                <div>
                  <Title order={3} fz="h4">
                    {t(`integrations.core.${integration.id}.title`)}
                  </Title>
                  <Text fz="xs" c="dark.6">
                    {t(`integrations.core.${integration.id}.category`)}
                  </Text>
                </div>
                <AvailabilityBadge status={integration.status} />
              </Group>
              <Text fz="sm" c="dark.6" mb="sm">
                {t(`integrations.core.${integration.id}.description`)}
              </Text>
              <List fz="sm" spacing={2}>
                {translatedList(
                  t(`integrations.core.${integration.id}.features`, { returnObjects: true }),
                ).map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('integrations.platformsTitle')} subtitle={t('integrations.platformsText')} tinted>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {reviewPlatforms.map((platform) => (
            <Card key={platform.name} withBorder radius="md" padding="md">
              <Stack gap={6} align="center">
                <Text fw={600}>{platform.name}</Text>
                <AvailabilityBadge status={platform.status} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('integrations.ctaTitle')} subtitle={t('integrations.ctaText')}>
        <Group justify="center">
          <Button onClick={dialog.open}>{t('public:common.contactSales')}</Button>
          <Button component={Link} to={localize(paths.docs)} variant="default">
            {t('integrations.viewApiDocs')}
          </Button>
        </Group>
      </Section>
      <Suspense fallback={null}>
        {hasOpened && <EnterpriseContactDialog opened={isDialogOpen} onClose={dialog.close} />}
      </Suspense>
    </>
  );
}
