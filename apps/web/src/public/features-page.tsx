import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconActivity,
  IconAlertTriangle,
  IconChartLine,
  IconMessageCircle,
  IconMessages,
  IconShieldCheck,
  IconShoppingBag,
  IconStar,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const icons = [
  IconMessageCircle,
  IconStar,
  IconChartLine,
  IconMessages,
  IconAlertTriangle,
  IconShoppingBag,
  IconShieldCheck,
  IconActivity,
];

/** /features: eight feature cards, then Book a Demo and Start Free Trial. */
export function FeaturesPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['product', 'public']);
  usePageMeta(t('public:meta.features.title'), t('public:meta.features.description'));
  const cards = translatedList(t('features.cards', { returnObjects: true }));
  return (
    <>
      <PageHero title={t('features.title')} subtitle={t('features.subtitle')} />
      <Section>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {cards.map((card, index) => {
            const Icon = icons[index] ?? IconStar;
            return (
              <Card key={card.title} withBorder radius="md" padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="sm" aria-hidden="true">
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={2} fz="h4" mb="xs">
                  {card.title}
                </Title>
                <Text fz="sm" c="dark.6">
                  {card.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Section>
      <Section title={t('features.ctaTitle')} subtitle={t('features.ctaText')} tinted>
        <Group justify="center">
          <Button component={Link} to={localize(paths.demo)} size="lg">
            {t('public:common.bookDemo')}
          </Button>
          <Button component={Link} to={localize(paths.signup)} size="lg" variant="default">
            {t('public:common.startTrial')}
          </Button>
        </Group>
      </Section>
    </>
  );
}
