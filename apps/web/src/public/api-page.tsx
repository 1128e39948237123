import { Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { siteSettings } from '../lib/site-settings';
import { AvailabilityBadge } from './components/availability-badge';
import { CodeSample } from './components/code-sample';
import { formatNumber } from './components/format';
import { PageHero, Section } from './components/page-hero';
import {
  apiRateLimits,
  codeSamples,
  publicApiEndpoints,
  sdkAvailability,
} from './components/public-api-reference';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

/** /api: Overview, Endpoints, Auth and Examples tabs; the SDK grid; keys and docs. */
export function ApiPage() {
  const localize = useLocalizedPath();
  const { t, i18n } = useTranslation(['product', 'public']);
  usePageMeta(t('public:meta.api.title'), t('public:meta.api.description'));
  const samples = codeSamples(siteSettings().publicUrl);
  const overview = translatedList(t('api.overview.items', { returnObjects: true }));
  return (
    <>
      <PageHero title={t('api.title')} subtitle={t('api.subtitle')}>
        <Group justify="center">
          <Button component={Link} to={localize(paths.signup)}>
            {t('api.getKeys')}
          </Button>
          <Button component={Link} to={localize(paths.docs)} variant="default">
            {t('api.viewDocs')}
          </Button>
        </Group>
      </PageHero>
      <Section size="md">
        <Tabs defaultValue="overview">
          <Tabs.List mb="lg">
            <Tabs.Tab value="overview">{t('api.tabs.overview')}</Tabs.Tab>
            <Tabs.Tab value="endpoints">{t('api.tabs.endpoints')}</Tabs.Tab>
            <Tabs.Tab value="auth">{t('api.tabs.auth')}</Tabs.Tab>
            <Tabs.Tab value="examples">{t('api.tabs.examples')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {overview.map((item) => (
                <Card key={item.title} withBorder radius="md" padding="lg">
                  <Title order={2} fz="h4" mb="xs">
                    {item.title}
                  </Title>
                  <Text fz="sm" c="dark.6">
                    {item.text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <Text mt="lg" fz="sm">
              {t('api.overview.rateLimits', {
                standard: formatNumber(apiRateLimits.standardPerHour, i18n.language),
                enterprise: formatNumber(apiRateLimits.enterprisePerHour, i18n.language),
              })}
            </Text>
          </Tabs.Panel>
          <Tabs.Panel value="endpoints">
            <Stack gap="md">
              {publicApiEndpoints.map((endpoint) => (
                <Card key={endpoint.id} withBorder radius="md" padding="md">
                  <Group gap="sm" mb="xs">
                    <Badge color={endpoint.method === 'GET' ? 'brand' : 'green'} variant="filled">
                      {endpoint.method}
                    </Badge>
                    <Text ff="monospace" fw={600}>
                      {endpoint.endpoint}
                    </Text>
                  </Group>
                  <Text fz="sm" c="dark.6" mb="xs">
                    {t(`api.endpoints.${endpoint.id}`)}
                  </Text>
                  <CodeSample code={endpoint.response} label={t('api.exampleResponse')} />
                </Card>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="auth">
            <Stack gap="md">
              <Text>{t('api.auth.text')}</Text>
              <CodeSample code={samples.auth} label={t('api.auth.title')} />
              <Text>{t('api.auth.headers')}</Text>
              <CodeSample code={samples.rateLimitHeaders} label={t('api.auth.headersLabel')} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="examples">
            <Stack gap="md">
              <Title order={2} fz="h4">
                {t('api.examples.createPatient')}
              </Title>
              <CodeSample code={samples.createPatient} label={t('api.examples.createPatient')} />
              <Title order={2} fz="h4">
                {t('api.examples.reviews')}
              </Title>
              <CodeSample code={samples.reviews} label={t('api.examples.reviews')} />
              <Title order={2} fz="h4">
                {t('api.examples.node')}
              </Title>
              <CodeSample code={samples.node} label={t('api.examples.node')} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Section>
      <Section title={t('api.sdkTitle')} tinted>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {sdkAvailability.map((sdk) => (
            <Card key={sdk.name} withBorder radius="md" padding="md">
              <Stack gap={6} align="center">
                <Text fw={600}>{sdk.name}</Text>
                <AvailabilityBadge status={sdk.status} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
    </>
  );
}
