// The landing page's closing sections (spec 3 §2): results, testimonials, blog teasers, FAQ, the
// final call to action, in the part below the first screen (landing-below-the-fold.tsx), with their
// words in the `landing` namespace. landing-page.tsx holds the opening sections and the page itself.
import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { contactIf, siteContacts } from '../../lib/site-settings';
import { articlePath, blogArticles, landingTeaserIds } from '../blog-articles';
import { useSectionRenderingStyle } from './below-the-first-screen';
import { Section } from './page-hero';
import { faqPageData, useStructuredData } from './structured-data';
import { translatedList } from './translated-list';

export function Results() {
  const { t } = useTranslation('landing');
  const clinics = translatedList(t('results.clinics', { returnObjects: true }));
  const metrics = translatedList(t('results.metrics', { returnObjects: true }));
  return (
    <Section title={t('results.title')} subtitle={t('results.subtitle')}>
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
              {t('results.demoBadge')}
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
        {t('results.note')}
      </Text>
    </Section>
  );
}

export function Testimonials() {
  const { t } = useTranslation('landing');
  const items = translatedList(t('testimonials.items', { returnObjects: true }));
  return (
    <Section title={t('testimonials.title')} subtitle={t('testimonials.subtitle')} tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {items.map((item) => (
          <Card key={item.name} withBorder radius="md" padding="lg" component="figure" m={0}>
            <Badge variant="outline" color="dark" mb="sm">
              {t('testimonials.badge')}
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

export function BlogTeasers() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['landing', 'blog']);
  const teasers = landingTeaserIds.flatMap((id) => blogArticles.filter((article) => article.id === id));
  return (
    <Section title={t('blog.title')} subtitle={t('blog.subtitle')} tinted>
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
            <Anchor component={Link} to={localize(articlePath(article))} fw={600} fz="sm">
              {t('blog.readArticle')}
              <VisuallyHidden>{`: ${t(`blog:articles.${article.id}.title`)}`}</VisuallyHidden>
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" mt="xl">
        <Button
          component={Link}
          to={localize(paths.blog)}
          variant="default"
          rightSection={<IconArrowRight size={16} aria-hidden="true" />}
        >
          {t('blog.viewAll')}
        </Button>
      </Group>
    </Section>
  );
}

export function Faq() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('landing');
  const items = translatedList(t('faq.items', { returnObjects: true }));
  useStructuredData(faqPageData(items));
  const { sales } = siteContacts();
  return (
    <Section title={t('faq.title')} size="md">
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
          <Title order={3}>{t('faq.stillTitle')}</Title>
          <Text c="dark.6">{t('faq.stillText')}</Text>
          <Group justify="center">
            {sales && (
              <Button component="a" href={`mailto:${sales}`} variant="default" {...contactIf('sales')}>
                {t('faq.emailSales')}
              </Button>
            )}
            <Button component={Link} to={localize(paths.demo)}>
              {t('faq.scheduleDemo')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Section>
  );
}

export function FinalCta() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('landing');
  const renderingStyle = useSectionRenderingStyle();
  return (
    <Box component="section" bg="brand.8" c="white" py={{ base: 48, sm: 80 }} style={renderingStyle}>
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Badge color="yellow" variant="filled">
            {t('cta.badge')}
          </Badge>
          <Title order={2} fz={{ base: 28, sm: 38 }}>
            {t('cta.title')}
          </Title>
          <Text maw={620}>{t('cta.text')}</Text>
          <Group justify="center">
            <Button
              component={Link}
              to={localize(paths.demo)}
              size="lg"
              color="white"
              c="brand.8"
              variant="filled"
            >
              {t('cta.bookDemo')}
            </Button>
            <Button component={Link} to={localize(paths.signup)} size="lg" variant="outline" color="white">
              {t('cta.startTrial')}
            </Button>
          </Group>
          <Text fz="sm">{t('cta.note')}</Text>
        </Stack>
      </Container>
    </Box>
  );
}
