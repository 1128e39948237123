// The landing page below its first screen (spec 3 §2): features, results, testimonials, pricing,
// blog teasers, FAQ and the final call to action. It hydrates when it nears the viewport
// (components/hydrate-when-visible.tsx); landing-page.tsx holds the opening sections.
import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandWhatsapp,
  IconChartLine,
  IconLanguage,
  IconMessageCircle,
  IconStar,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlogTeasers, Faq, FinalCta, Results, Testimonials } from './landing-closing-sections';
import { Section } from './page-hero';
import { PricingPlans } from './pricing-plans';
import { translatedList } from './translated-list';

const featureIcons = [
  IconMessageCircle,
  IconStar,
  IconAlertTriangle,
  IconChartLine,
  IconBrandWhatsapp,
  IconLanguage,
];

function FeatureGrid() {
  const { t } = useTranslation('landing');
  const items = translatedList(t('features.items', { returnObjects: true }));
  return (
    <Section title={t('features.title')} subtitle={t('features.subtitle')} tinted>
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

export function LandingBelowTheFold() {
  return (
    <>
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
