import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCode, IconHeadset, IconScale, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const teamIcons = [IconCode, IconStethoscope, IconHeadset, IconScale];

/** /about: mission, four stats, four values, four teams, the story. */
export function AboutPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['company', 'public']);
  usePageMeta(t('public:meta.about.title'), t('public:meta.about.description'));
  const stats = translatedList(t('about.stats', { returnObjects: true }));
  const values = translatedList(t('about.values.items', { returnObjects: true }));
  const teams = translatedList(t('about.team.items', { returnObjects: true }));
  const story = translatedList(t('about.story.paragraphs', { returnObjects: true }));
  return (
    <>
      <PageHero title={t('about.title')} subtitle={t('about.mission')} eyebrow={t('about.eyebrow')} />
      <Section>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          {stats.map((stat) => (
            <Card key={stat.label} withBorder radius="md" padding="lg" ta="center">
              <Text fz={32} fw={800} c="brand.7">
                {stat.value}
              </Text>
              <Text fz="sm" c="dark.6">
                {stat.label}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('about.values.title')} tinted>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {values.map((value) => (
            <Card key={value.title} withBorder radius="md" padding="lg">
              <Title order={3} fz="h4" mb="xs">
                {value.title}
              </Title>
              <Text c="dark.6">{value.text}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('about.team.title')} subtitle={t('about.team.subtitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {teams.map((team, index) => {
            const Icon = teamIcons[index] ?? IconCode;
            return (
              <Card key={team.title} withBorder radius="md" padding="lg">
                <ThemeIcon size={44} radius="xl" variant="light" mb="sm" aria-hidden="true">
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={3} fz="h4" mb="xs">
                  {team.title}
                </Title>
                <Text fz="sm" c="dark.6">
                  {team.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Section>
      <Section title={t('about.story.title')} tinted size="md">
        <Stack gap="md">
          {story.map((paragraph) => (
            <Text key={paragraph} lh={1.7}>
              {paragraph}
            </Text>
          ))}
        </Stack>
        <Group justify="center" mt="xl">
          <Button component={Link} to={localize(paths.careers)} variant="default">
            {t('about.careersLink')}
          </Button>
          <Button component={Link} to={localize(paths.contact)}>
            {t('about.contactLink')}
          </Button>
        </Group>
      </Section>
    </>
  );
}
