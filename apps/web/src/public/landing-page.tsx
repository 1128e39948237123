import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconDatabase,
  IconHeartHandshake,
  IconLock,
  IconMessageCircle,
  IconShieldCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { hydrateWhenVisible } from './components/hydrate-when-visible';
import { Section } from './components/page-hero';
import { softwareApplicationData, useStructuredData } from './components/structured-data';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const stepIcons = [IconUserPlus, IconMessageCircle, IconHeartHandshake];

// From the features on, the page is below the first screen of a phone or a desk: it hydrates
// near the viewport, so the first load carries less JavaScript.
const BelowTheFold = hydrateWhenVisible('landing-below-the-fold', ['landing', 'pricing', 'blog'], () =>
  import('./components/landing-below-the-fold').then((module) => ({ default: module.LandingBelowTheFold })),
);

function Hero() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('public');
  return (
    <Box bg="brand.0" py={{ base: 48, sm: 96 }}>
      <Container size="md">
        <Stack gap="lg" align="center" ta="center">
          <Text fw={600} c="brand.8" fz="sm" tt="uppercase">
            {t('landing.hero.eyebrow')}
          </Text>
          <Title order={1} fz={{ base: 32, sm: 52 }} lh={1.1}>
            {t('landing.hero.title')}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dark.6" maw={680}>
            {t('landing.hero.subtitle')}
          </Text>
          <Group justify="center" gap="md">
            <Button component={Link} to={localize(paths.signup)} size="lg">
              {t('landing.hero.getStarted')}
            </Button>
            <Button component={Link} to={localize(paths.demo)} size="lg" variant="default">
              {t('landing.hero.bookDemo')}
            </Button>
          </Group>
          <Text fz="sm" c="dark.6">
            {t('landing.hero.note')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function TrustStrip() {
  const { t } = useTranslation('public');
  const badges = [
    { key: 'hipaa', Icon: IconShieldCheck },
    { key: 'gdpr', Icon: IconLock },
    { key: 'infrastructure', Icon: IconDatabase },
  ] as const;
  return (
    <Box
      component="section"
      aria-label={t('landing.trust.label')}
      py="lg"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Group justify="center" gap="xl">
          {badges.map(({ key, Icon }) => (
            <Group key={key} gap="xs" wrap="nowrap">
              <Icon size={22} color="var(--mantine-color-brand-6)" aria-hidden="true" />
              <Text fw={600} fz="sm">
                {t(`landing.trust.${key}`)}
              </Text>
            </Group>
          ))}
        </Group>
      </Container>
    </Box>
  );
}

function Showcase() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('public');
  const steps = translatedList(t('landing.showcase.steps', { returnObjects: true }));
  return (
    <Section title={t('landing.showcase.title')} subtitle={t('landing.showcase.subtitle')} size="md">
      <Tabs defaultValue="0" variant="pills" radius="md">
        <Tabs.List grow justify="center" mb="lg">
          {steps.map((step, index) => {
            const Icon = stepIcons[index] ?? IconArrowRight;
            return (
              <Tabs.Tab
                key={step.title}
                value={String(index)}
                leftSection={<Icon size={18} aria-hidden="true" />}
              >
                {t('landing.showcase.step', { number: index + 1 })} {step.title}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {steps.map((step, index) => (
          <Tabs.Panel key={step.title} value={String(index)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
              <Stack gap="sm" justify="center">
                <Title order={3}>{step.title}</Title>
                <Text c="dark.6">{step.text}</Text>
              </Stack>
              <Paper withBorder radius="md" p="lg" bg="gray.0">
                <Text fz="xs" fw={700} tt="uppercase" c="dark.6" mb="xs">
                  {step.exampleLabel}
                </Text>
                <Paper radius="lg" p="md" bg="white" shadow="xs">
                  <Text fz="sm">{step.example}</Text>
                </Paper>
              </Paper>
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="center" mt="xl">
        <Button component={Link} to={localize(paths.demo)} variant="light">
          {t('landing.showcase.tryDemo')}
        </Button>
        <Button component={Link} to={localize(paths.signup)}>
          {t('landing.showcase.startTrial')}
        </Button>
      </Group>
    </Section>
  );
}

/** The landing page: header, ten sections, footer (spec 3 §2). */
export function LandingPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('meta.home.title'), t('meta.home.description'));
  useStructuredData(softwareApplicationData(t('meta.home.description')));
  return (
    <>
      <Hero />
      <TrustStrip />
      <Showcase />
      <BelowTheFold />
    </>
  );
}
