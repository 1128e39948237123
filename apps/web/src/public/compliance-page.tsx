import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { contactIf, siteContacts } from '../lib/site-settings';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const safeguards = ['administrative', 'physical', 'technical'] as const;
const implementation = [
  { id: 'encryption', status: 'implemented' },
  { id: 'accessControl', status: 'implemented' },
  { id: 'auditLogging', status: 'implemented' },
  { id: 'baa', status: 'implemented' },
  { id: 'training', status: 'ongoing' },
  { id: 'riskAssessment', status: 'ongoing' },
] as const;

/** /compliance: HIPAA overview, safeguards, BAA, implementation status, risk assessment, contacts. */
export function CompliancePage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['legal', 'public']);
  usePageMeta(t('public:meta.compliance.title'), t('public:meta.compliance.description'));
  const baaPoints = translatedList(t('compliance.baa.items', { returnObjects: true }));
  const risk = translatedList(t('compliance.risk.items', { returnObjects: true }));
  const contacts = siteContacts();
  const baaHref = `mailto:${contacts.compliance}?subject=${encodeURIComponent('BAA request')}`;
  return (
    <>
      <PageHero title={t('compliance.title')} subtitle={t('compliance.overview')} />
      <Section title={t('compliance.safeguardsTitle')}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {safeguards.map((kind) => (
            <Card key={kind} withBorder radius="md" padding="lg">
              <Title order={3} fz="h4" mb="sm">
                {t(`compliance.safeguards.${kind}.title`)}
              </Title>
              <List spacing="xs" fz="sm">
                {translatedList(t(`compliance.safeguards.${kind}.items`, { returnObjects: true })).map(
                  (item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ),
                )}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('compliance.baa.title')} subtitle={t('compliance.baa.text')} tinted size="md">
        <List spacing="xs">
          {baaPoints.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {contacts.compliance && (
          <Group justify="center" mt="lg" {...contactIf('compliance')}>
            <Button component="a" href={baaHref}>
              {t('compliance.requestBaa')}
            </Button>
          </Group>
        )}
      </Section>
      <Section title={t('compliance.statusTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {implementation.map((item) => (
            <Card key={item.id} withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t(`compliance.implementation.${item.id}`)}</Text>
                <Badge color={item.status === 'implemented' ? 'green' : 'brand'} variant="light">
                  {t(`compliance.status.${item.status}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('compliance.risk.title')} tinted size="md">
        <List spacing="xs">
          {risk.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Section>
      <Section size="sm">
        <Stack align="center" ta="center" gap="xs">
          {(contacts.compliance || contacts.privacy || contacts.phone) && (
            <Stack align="center" gap="xs" {...contactIf('compliance', 'privacy', 'phone')}>
              <Title order={2} fz="h3">
                {t('compliance.contact.title')}
              </Title>
              {contacts.compliance && (
                <Text {...contactIf('compliance')}>
                  {t('compliance.contact.compliance')}{' '}
                  <Anchor href={`mailto:${contacts.compliance}`}>{contacts.compliance}</Anchor>
                </Text>
              )}
              {contacts.privacy && (
                <Text {...contactIf('privacy')}>
                  {t('compliance.contact.privacy')}{' '}
                  <Anchor href={`mailto:${contacts.privacy}`}>{contacts.privacy}</Anchor>
                </Text>
              )}
              {contacts.phone && (
                <Text {...contactIf('phone')}>
                  {t('compliance.contact.phone')}{' '}
                  <Anchor href={`tel:${contacts.phoneTel}`}>{contacts.phone}</Anchor>
                </Text>
              )}
            </Stack>
          )}
          <Anchor component={Link} to={localize(paths.security)} mt="sm">
            {t('compliance.securityLink')}
          </Anchor>
        </Stack>
      </Section>
    </>
  );
}
