import { Anchor, Card, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteSettings } from '../lib/site-settings';
import { ApiReference } from './components/api-reference';
import { AvailabilityBadge } from './components/availability-badge';
import { CodeSample } from './components/code-sample';
import { PageHero, Section } from './components/page-hero';
import { codeSamples, sdkAvailability } from './components/public-api-reference';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const tabs = ['quickStart', 'apiReference', 'webhooks', 'sdks'] as const;

/** /docs: Quick Start, API Reference, Webhooks and SDKs tabs, with a search over the topics. */
export function DocsPage() {
  const { t } = useTranslation(['product', 'public']);
  usePageMeta(t('public:meta.docs.title'), t('public:meta.docs.description'));
  const samples = codeSamples(siteSettings().publicUrl);
  const [query, setQuery] = useState('');
  const topics = tabs.flatMap((tab) =>
    translatedList(t(`docs.topics.${tab}`, { returnObjects: true })).map((topic) => ({ ...topic, tab })),
  );
  const needle = query.trim().toLocaleLowerCase();
  const found = topics.filter((topic) => `${topic.title} ${topic.text}`.toLocaleLowerCase().includes(needle));
  const steps = translatedList(t('docs.quickStart.steps', { returnObjects: true }));

  return (
    <>
      <PageHero title={t('docs.title')} subtitle={t('docs.subtitle')}>
        <TextInput
          w="100%"
          maw={480}
          type="search"
          aria-label={t('docs.searchLabel')}
          placeholder={t('docs.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </PageHero>
      <Section size="md">
        {needle !== '' ? (
          <Stack gap="md" aria-live="polite">
            <Title order={2} fz="h3">
              {t('docs.searchResults', { value: found.length })}
            </Title>
            {found.length === 0 && <Text c="dark.6">{t('docs.noResults')}</Text>}
            {found.map((topic) => (
              <Card key={topic.title} withBorder radius="md" padding="md">
                <Text fz="xs" c="dark.6" tt="uppercase" fw={700}>
                  {t(`docs.tabs.${topic.tab}`)}
                </Text>
                <Title order={3} fz="h4">
                  {topic.title}
                </Title>
                <Text fz="sm" c="dark.6">
                  {topic.text}
                </Text>
              </Card>
            ))}
          </Stack>
        ) : (
          <Tabs defaultValue="quickStart">
            <Tabs.List mb="lg">
              {tabs.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {t(`docs.tabs.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="quickStart">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {t('docs.quickStart.title')}
                </Title>
                <Stack component="ol" gap="xs" pl="lg" m={0}>
                  {steps.map((step) => (
                    <Text component="li" key={step}>
                      {step}
                    </Text>
                  ))}
                </Stack>
                <CodeSample code={samples.auth} label={t('docs.quickStart.firstCall')} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="apiReference">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {t('docs.apiReference.title')}
                </Title>
                <Text>{t('docs.apiReference.text')}</Text>
                <Text fz="sm" c="dark.6">
                  {t('docs.apiReference.openApi')}{' '}
                  <Anchor href="/api/v1/openapi.json" ff="monospace">
                    /api/v1/openapi.json
                  </Anchor>
                </Text>
                <ApiReference />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="webhooks">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {t('docs.webhooks.title')}
                </Title>
                <Text>{t('docs.webhooks.text')}</Text>
                <Title order={3} fz="h5" ff="monospace">
                  review.created
                </Title>
                <CodeSample code={samples.reviewCreated} label="review.created" />
                <Title order={3} fz="h5" ff="monospace">
                  patient.matched
                </Title>
                <Text fz="sm">{t('docs.webhooks.confidence')}</Text>
                <CodeSample code={samples.patientMatched} label="patient.matched" />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="sdks">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {t('docs.sdks.title')}
                </Title>
                {sdkAvailability.map((sdk) => (
                  <Card key={sdk.name} withBorder padding="sm" radius="md">
                    <Text fw={600} component="span" mr="sm">
                      {sdk.name}
                    </Text>
                    <AvailabilityBadge status={sdk.status} />
                  </Card>
                ))}
                <CodeSample code={samples.python} label="Python" />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Section>
    </>
  );
}
