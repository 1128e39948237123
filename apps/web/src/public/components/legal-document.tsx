import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactIf, siteContacts } from '../../lib/site-settings';
import { formatDate } from './format';
import { translatedList } from './translated-list';

/** Spec 3 §2: both legal texts were last updated on December 22, 2024. */
const legalLastUpdated = '2024-12-22';

/** A long legal text: title, last-updated date, introduction and numbered sections. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t, i18n } = useTranslation('legal');
  const sections = translatedList(t(`${document}.sections`, { returnObjects: true }));
  const privacyEmail = document === 'privacy' ? siteContacts().privacy : undefined;
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }} component="article">
      <Stack gap="md">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {t(`${document}.title`)}
        </Title>
        <Text c="dark.6">
          {t('lastUpdated')}{' '}
          <time dateTime={legalLastUpdated}>{formatDate(legalLastUpdated, i18n.language)}</time>
        </Text>
        <Text lh={1.7}>{t(`${document}.intro`)}</Text>
        {sections.map((section, index) => (
          <Stack key={section.title} gap="xs" component="section">
            <Title order={2} fz="h3">
              {index + 1}. {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} lh={1.7}>
                {paragraph}
              </Text>
            ))}
          </Stack>
        ))}
        {privacyEmail && (
          <Text lh={1.7} {...contactIf('privacy')}>
            {t('privacy.questions', { email: privacyEmail })}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
