import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconBrandWhatsapp,
  IconChartLine,
  IconDatabase,
  IconHeartHandshake,
  IconLanguage,
  IconLock,
  IconMessageCircle,
  IconShieldCheck,
  IconStar,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/routes';
import { articlePath, blogArticles, landingTeaserIds } from './blog-articles';
import { publicContacts } from './components/contact-details';
import { Section } from './components/page-hero';
import { PricingPlans } from './components/pricing-plans';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

type TitledText = { title: string; text: string };

const featureIcons = [
  IconMessageCircle,
  IconStar,
  IconAlertTriangle,
  IconChartLine,
  IconBrandWhatsapp,
  IconLanguage,
];
const stepIcons = [IconUserPlus, IconMessageCircle, IconHeartHandshake];

function Hero() {
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
            <Button component={Link} to={paths.signup} size="lg">
              {t('landing.hero.getStarted')}
            </Button>
            <Button component={Link} to={paths.demo} size="lg" variant="default">
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
  const { t } = useTranslation('public');
  const steps = translatedList<TitledText & { example: string; exampleLabel: string }>(
    t,
    'landing.showcase.steps',
  );
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
        <Button component={Link} to={paths.demo} variant="light">
          {t('landing.showcase.tryDemo')}
        </Button>
        <Button component={Link} to={paths.signup}>
          {t('landing.showcase.startTrial')}
        </Button>
      </Group>
    </Section>
  );
}

function FeatureGrid() {
  const { t } = useTranslation('public');
  const items = translatedList<TitledText>(t, 'landing.features.items');
  return (
    <Section title={t('landing.features.title')} subtitle={t('landing.features.subtitle')} tinted>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
        {items.map((item, index) => {
          const Icon = featureIcons[index] ?? IconStar;
          return (
            <Stack key={item.title} gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} fz="h4">
                {item.title}
              </Title>
              <Text c="dark.6">{item.text}</Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}

function Results() {
  const { t } = useTranslation('public');
  const clinics = translatedList<{ name: string; type: string; result: string; detail: string }>(
    t,
    'landing.results.clinics',
  );
  const metrics = translatedList<{ value: string; label: string }>(t, 'landing.results.metrics');
  return (
    <Section title={t('landing.results.title')} subtitle={t('landing.results.subtitle')}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" mb="xl">
        {metrics.map((metric) => (
          <Stack key={metric.label} gap={4} align="center" ta="center">
            <Text fz={{ base: 32, sm: 40 }} fw={800} c="brand.7">
              {metric.value}
            </Text>
            <Text fz="sm" c="dark.6">
              {metric.label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {clinics.map((clinic) => (
          <Card key={clinic.name} withBorder radius="md" padding="lg">
            <Badge variant="light" color="gray" mb="sm">
              {t('landing.results.demoBadge')}
            </Badge>
            <Title order={3} fz="h4">
              {clinic.name}
            </Title>
            <Text fz="sm" c="dark.6" mb="sm">
              {clinic.type}
            </Text>
            <Text fw={700} c="brand.7">
              {clinic.result}
            </Text>
            <Text fz="sm" c="dark.6">
              {clinic.detail}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text fz="xs" c="dark.6" ta="center" mt="md">
        {t('landing.results.note')}
      </Text>
    </Section>
  );
}

function Testimonials() {
  const { t } = useTranslation('public');
  const items = translatedList<{ quote: string; name: string; role: string }>(
    t,
    'landing.testimonials.items',
  );
  return (
    <Section title={t('landing.testimonials.title')} subtitle={t('landing.testimonials.subtitle')} tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {items.map((item) => (
          <Card key={item.name} withBorder radius="md" padding="lg" component="figure" m={0}>
            <Badge variant="outline" color="dark" mb="sm">
              {t('landing.testimonials.badge')}
            </Badge>
            <Text component="blockquote" m={0} fz="md" style={{ flex: 1 }}>
              “{item.quote}”
            </Text>
            <Text component="figcaption" mt="md" fz="sm">
              <Text span fw={700}>
                {item.name}
              </Text>
              {' · '}
              <Text span c="dark.6">
                {item.role}
              </Text>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function BlogTeasers() {
  const { t } = useTranslation(['public', 'blog']);
  const teasers = landingTeaserIds.flatMap((id) => blogArticles.filter((article) => article.id === id));
  return (
    <Section title={t('landing.blog.title')} subtitle={t('landing.blog.subtitle')} tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {teasers.map((article) => (
          <Card key={article.id} withBorder radius="md" padding="lg" component="article">
            <Badge variant="light" mb="sm" style={{ alignSelf: 'flex-start' }}>
              {t(`blog:categories.${article.category}`)}
            </Badge>
            <Title order={3} fz="h4" mb="xs">
              {t(`blog:articles.${article.id}.title`)}
            </Title>
            <Text fz="sm" c="dark.6" mb="md" style={{ flex: 1 }}>
              {t(`blog:articles.${article.id}.excerpt`)}
            </Text>
            <Anchor component={Link} to={articlePath(article)} fw={600} fz="sm">
              {t('landing.blog.readArticle')}
              <VisuallyHidden>{`: ${t(`blog:articles.${article.id}.title`)}`}</VisuallyHidden>
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" mt="xl">
        <Button
          component={Link}
          to={paths.blog}
          variant="default"
          rightSection={<IconArrowRight size={16} aria-hidden="true" />}
        >
          {t('landing.blog.viewAll')}
        </Button>
      </Group>
    </Section>
  );
}

function Faq() {
  const { t } = useTranslation('public');
  const items = translatedList<{ question: string; answer: string }>(t, 'landing.faq.items');
  return (
    <Section title={t('landing.faq.title')} size="md">
      {/* Single-open and collapsible: opening one closes the other, clicking the open one closes it. */}
      <Accordion variant="separated" radius="md">
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={String(index)}>
            <Accordion.Control>
              <Text component="span" fw={600}>
                {item.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Card withBorder radius="md" padding="lg" mt="xl" bg="brand.0">
        <Stack gap="sm" align="center" ta="center">
          <Title order={3}>{t('landing.faq.stillTitle')}</Title>
          <Text c="dark.6">{t('landing.faq.stillText')}</Text>
          <Group justify="center">
            <Button component="a" href={`mailto:${publicContacts.sales}`} variant="default">
              {t('landing.faq.emailSales')}
            </Button>
            <Button component={Link} to={paths.demo}>
              {t('landing.faq.scheduleDemo')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Section>
  );
}

function FinalCta() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" bg="brand.8" c="white" py={{ base: 48, sm: 80 }}>
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Badge color="yellow" variant="filled">
            {t('landing.cta.badge')}
          </Badge>
          <Title order={2} fz={{ base: 28, sm: 38 }}>
            {t('landing.cta.title')}
          </Title>
          <Text maw={620}>{t('landing.cta.text')}</Text>
          <Group justify="center">
            <Button component={Link} to={paths.demo} size="lg" color="white" c="brand.8" variant="filled">
              {t('landing.cta.bookDemo')}
            </Button>
            <Button component={Link} to={paths.signup} size="lg" variant="outline" color="white">
              {t('landing.cta.startTrial')}
            </Button>
          </Group>
          <Text fz="sm">{t('landing.cta.note')}</Text>
        </Stack>
      </Container>
    </Box>
  );
}

/** The landing page: header, ten sections, footer (spec 3 §2). */
export function LandingPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('meta.home.title'), t('meta.home.description'));
  return (
    <>
      <Hero />
      <TrustStrip />
      <Showcase />
      <FeatureGrid />
      <Results />
      <Testimonials />
      <Section id="pricing">
        <PricingPlans />
      </Section>
      <BlogTeasers />
      <Faq />
      <FinalCta />
    </>
  );
}
