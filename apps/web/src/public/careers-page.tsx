import { jobPositionIds } from '@careloop/contracts/public-site-options';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactIf, siteContacts } from '../lib/site-settings';
import { HoneypotField } from './components/honeypot-field';
import { PageHero, Section } from './components/page-hero';
import { FormSent, usePublicForm } from './components/public-form';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

type JobId = (typeof jobPositionIds)[number];

function ApplyForm({ position }: { position: JobId }) {
  const { t } = useTranslation(['company', 'public', 'common']);
  const { field, handleSubmit, isSubmitting, isSent } = usePublicForm(
    'job_application',
    { name: '', email: '', phone: '', profileUrl: '', message: '' },
    { position },
  );
  if (isSent)
    return <FormSent title={t('careers.apply.sentTitle')} message={t('careers.apply.sentMessage')} />;
  return (
    <form onSubmit={handleSubmit} style={{ position: 'relative' }}>
      <Stack gap="sm">
        <Text fz="sm" c="dark.6">
          {t('public:forms.required')}
        </Text>
        <TextInput
          {...field('name')}
          label={t('careers.apply.name')}
          required
          autoComplete="name"
          data-autofocus
        />
        <TextInput
          {...field('email')}
          type="email"
          label={t('careers.apply.email')}
          required
          autoComplete="email"
        />
        <TextInput {...field('phone')} type="tel" label={t('careers.apply.phone')} autoComplete="tel" />
        <TextInput
          {...field('profileUrl')}
          type="url"
          label={t('careers.apply.profileUrl')}
          placeholder="https://"
          autoComplete="url"
        />
        <Textarea {...field('message')} label={t('careers.apply.message')} required rows={3} />
        <HoneypotField {...field('website')} />
        <Button type="submit" loading={isSubmitting}>
          {t('careers.apply.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** /careers: six open positions with Apply Now, then benefits and culture. */
export function CareersPage() {
  const { t } = useTranslation(['company', 'public', 'common']);
  usePageMeta(t('public:meta.careers.title'), t('public:meta.careers.description'));
  const [applyingFor, setApplyingFor] = useState<JobId | null>(null);
  const careersEmail = siteContacts().careers;
  const benefits = translatedList(t('careers.benefits.items', { returnObjects: true }));
  const culture = translatedList(t('careers.culture.items', { returnObjects: true }));
  return (
    <>
      <PageHero title={t('careers.title')} subtitle={t('careers.subtitle')} />
      <Section title={t('careers.openTitle')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {jobPositionIds.map((id) => (
            <Card key={id} withBorder radius="md" padding="lg" component="article">
              <Stack gap="xs" h="100%">
                <Title order={3} fz="h4">
                  {t(`careers.jobs.${id}.title`)}
                </Title>
                <Group gap="xs">
                  <Badge variant="light">{t(`careers.jobs.${id}.department`)}</Badge>
                  <Badge variant="outline" color="dark">
                    {t(`careers.jobs.${id}.location`)}
                  </Badge>
                  <Badge variant="outline" color="dark">
                    {t(`careers.jobs.${id}.type`)}
                  </Badge>
                </Group>
                <Text fz="sm" c="dark.6">
                  {t(`careers.jobs.${id}.description`)}
                </Text>
                <List fz="sm" spacing={2} style={{ flex: 1 }}>
                  {translatedList(t(`careers.jobs.${id}.requirements`, { returnObjects: true })).map(
                    (item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ),
                  )}
                </List>
                <Text fz="xs" c="dark.6">
                  {t('careers.salary')}
                </Text>
                <Button onClick={() => setApplyingFor(id)} style={{ alignSelf: 'flex-start' }}>
                  {t('careers.applyNow')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h3" mb="sm">
              {t('careers.benefits.title')}
            </Title>
            <List spacing="xs">
              {benefits.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h3" mb="sm">
              {t('careers.culture.title')}
            </Title>
            <List spacing="xs">
              {culture.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        </SimpleGrid>
        {careersEmail && (
          <Text ta="center" mt="lg" c="dark.6" {...contactIf('careers')}>
            {t('careers.openApplication', { email: careersEmail })}
          </Text>
        )}
      </Section>
      <Modal
        opened={applyingFor !== null}
        onClose={() => setApplyingFor(null)}
        title={
          applyingFor ? t('careers.apply.title', { position: t(`careers.jobs.${applyingFor}.title`) }) : ''
        }
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {applyingFor && <ApplyForm key={applyingFor} position={applyingFor} />}
      </Modal>
    </>
  );
}
