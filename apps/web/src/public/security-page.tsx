import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconEye, IconKey, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { contactIf, siteContacts } from '../lib/site-settings';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

const featureIcons = [IconLock, IconKey, IconEye, IconShieldCheck];

/** Honest states only: nothing is shown as certified that is not. */
const certifications = [
  { id: 'gdpr', status: 'compliant' },
  { id: 'hipaa', status: 'ready' },
  { id: 'soc2', status: 'planned' },
  { id: 'iso27001', status: 'planned' },
] as const;
const isPrimary = (status: string) => status === 'certified' || status === 'compliant';

/** /security: features, certifications, practices, encryption, access, incident response, contact. */
export function SecurityPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['legal', 'public']);
  usePageMeta(t('public:meta.security.title'), t('public:meta.security.description'));
  const securityEmail = siteContacts().security;
  const features = translatedList(t('security.features', { returnObjects: true }));
  const practices = translatedList(t('security.practices.items', { returnObjects: true }));
  const encryption = translatedList(t('security.encryption.items', { returnObjects: true }));
  const access = translatedList(t('security.access.items', { returnObjects: true }));
  const incident = translatedList(t('security.incident.steps', { returnObjects: true }));
  return (
    <>
      <PageHero title={t('security.title')} subtitle={t('security.subtitle')} />
      <Section>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {features.map((feature, index) => {
            const Icon = featureIcons[index] ?? IconLock;
            return (
              <Card key={feature.title} withBorder radius="md" padding="lg">
                <ThemeIcon size={40} radius="md" variant="light" mb="sm" aria-hidden="true">
                  <Icon size={22} />
                </ThemeIcon>
                <Title order={2} fz="h4" mb="xs">
                  {feature.title}
                </Title>
                <Text fz="sm" c="dark.6">
                  {feature.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Section>
      <Section title={t('security.certifications.title')} subtitle={t('security.certifications.text')} tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {certifications.map((certification) => (
            <Card key={certification.id} withBorder radius="md" padding="lg">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t(`security.certifications.items.${certification.id}`)}</Text>
                <Badge
                  variant={isPrimary(certification.status) ? 'filled' : 'light'}
                  color={isPrimary(certification.status) ? 'brand' : 'gray'}
                >
                  {t(`security.certifications.status.${certification.status}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} fz="h3">
              {t('security.encryption.title')}
            </Title>
            {encryption.map((item) => (
              <Card key={item.title} withBorder radius="md" padding="md">
                <Text fw={700}>{item.title}</Text>
                <Text fz="sm" c="dark.6">
                  {item.text}
                </Text>
              </Card>
            ))}
          </Stack>
          <Stack gap="lg">
            <div>
              <Title order={2} fz="h3" mb="sm">
                {t('security.access.title')}
              </Title>
              <List spacing="xs">
                {access.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
            <div>
              <Title order={2} fz="h3" mb="sm">
                {t('security.practices.title')}
              </Title>
              <List spacing="xs">
                {practices.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
          </Stack>
        </SimpleGrid>
      </Section>
      <Section title={t('security.incident.title')} subtitle={t('security.incident.text')} tinted>
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="lg"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {incident.map((step, index) => (
            <Card key={step.title} withBorder radius="md" padding="lg" component="li">
              <Text fz={28} fw={800} c="brand.7" aria-hidden="true">
                {index + 1}
              </Text>
              <Title order={3} fz="h4" mb="xs">
                {step.title}
              </Title>
              <Text fz="sm" c="dark.6">
                {step.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section size="sm">
        <Stack align="center" ta="center" gap="sm">
          {securityEmail && (
            <Stack align="center" gap="sm" {...contactIf('security')}>
              <Title order={2} fz="h3">
                {t('security.contact.title')}
              </Title>
              <Text c="dark.6">{t('security.contact.text', { email: securityEmail })}</Text>
              <Button component="a" href={`mailto:${securityEmail}`}>
                {t('security.contact.button')}
              </Button>
            </Stack>
          )}
          <Anchor component={Link} to={localize(paths.compliance)}>
            {t('security.complianceLink')}
          </Anchor>
        </Stack>
      </Section>
    </>
  );
}
