import {
  Accordion,
  Anchor,
  Button,
  Card,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBook, IconMessageCircle, IconRocket, IconSearch, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { PageHero, Section } from './components/page-hero';
import { faqPageData, useStructuredData } from './components/structured-data';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const cardIcons = [IconRocket, IconMessageCircle, IconSettings, IconBook];

/** /help: search, four quick cards, four questions and a way to reach us. */
export function HelpPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['product', 'public']);
  usePageMeta(t('public:meta.help.title'), t('public:meta.help.description'));
  const [query, setQuery] = useState('');
  const cards = translatedList(t('help.cards', { returnObjects: true }));
  const faq = translatedList(t('help.faq', { returnObjects: true }));
  useStructuredData(faqPageData(faq));
  const needle = query.trim().toLocaleLowerCase();
  const matches = (text: string) => needle === '' || text.toLocaleLowerCase().includes(needle);
  const shownCards = cards.filter((card) => matches(`${card.title} ${card.text}`));
  const shownFaq = faq.filter((item) => matches(`${item.question} ${item.answer}`));

  return (
    <>
      <PageHero title={t('help.title')} subtitle={t('help.subtitle')}>
        <TextInput
          w="100%"
          maw={480}
          type="search"
          aria-label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </PageHero>
      <Section>
        {shownCards.length + shownFaq.length === 0 && (
          <Text ta="center" c="dark.6" aria-live="polite">
            {t('help.noResults')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {shownCards.map((card) => {
            const Icon = cardIcons[cards.indexOf(card)] ?? IconBook;
            return (
              <Card key={card.title} withBorder radius="md" padding="lg">
                <ThemeIcon size={40} radius="md" variant="light" mb="sm" aria-hidden="true">
                  <Icon size={22} />
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
      {shownFaq.length > 0 && (
        <Section title={t('help.faqTitle')} tinted size="md">
          <Accordion variant="separated" radius="md">
            {shownFaq.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      )}
      <Section size="sm">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} fz="h3">
            {t('help.contactTitle')}
          </Title>
          <Text c="dark.6">{t('help.contactText')}</Text>
          <Button component={Link} to={localize(paths.contact)}>
            {t('help.contactButton')}
          </Button>
          <Anchor component={Link} to={localize(paths.status)} fz="sm">
            {t('help.statusLink')}
          </Anchor>
        </Stack>
      </Section>
    </>
  );
}
