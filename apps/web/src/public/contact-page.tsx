import { contactSubjects } from '@careloop/contracts/public-site-options';
import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { contactIf, siteContacts } from '../lib/site-settings';
import { usePublicForm } from './components/public-form';
import { PublicFormPage } from './components/public-form-page';
import { usePageMeta } from './components/use-page-meta';

const departments = ['sales', 'support', 'partnerships', 'security'] as const;
const hours = ['weekdays', 'saturday', 'sunday'] as const;

/** /contact: the message form, quick contacts, department addresses, hours and links. */
export function ContactPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['company', 'public']);
  usePageMeta(t('public:meta.contact.title'), t('public:meta.contact.description'));
  const form = usePublicForm('contact', {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    company: '',
    subject: '',
    message: '',
  });
  const contacts = siteContacts();
  const shownDepartments = departments.filter((department) => contacts[department]);
  return (
    <PublicFormPage
      page="contact"
      form={form}
      aside={
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="sm">
              {t('contact.quick.title')}
            </Title>
            <Stack gap="xs">
              {contacts.hello && (
                <Group gap="xs" wrap="nowrap" {...contactIf('hello')}>
                  <IconMail size={18} aria-hidden="true" />
                  <Anchor href={`mailto:${contacts.hello}`}>{contacts.hello}</Anchor>
                </Group>
              )}
              {contacts.phone && (
                <Group gap="xs" wrap="nowrap" {...contactIf('phone')}>
                  <IconPhone size={18} aria-hidden="true" />
                  <Anchor href={`tel:${contacts.phoneTel}`}>{contacts.phone}</Anchor>
                </Group>
              )}
              <Text fz="sm" c="dark.6">
                {t('contact.quick.response')}
              </Text>
            </Stack>
          </Card>
          {shownDepartments.length > 0 && (
            <Card withBorder radius="md" padding="lg" {...contactIf(...departments)}>
              <Title order={2} fz="h4" mb="sm">
                {t('contact.departments.title')}
              </Title>
              <Stack gap="xs">
                {shownDepartments.map((department) => (
                  <div key={department} {...contactIf(department)}>
                    <Text fz="sm" fw={600}>
                      {t(`contact.departments.${department}`)}
                    </Text>
                    <Anchor fz="sm" href={`mailto:${contacts[department]}`}>
                      {contacts[department]}
                    </Anchor>
                  </div>
                ))}
              </Stack>
            </Card>
          )}
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="sm">
              {t('contact.hours.title')}
            </Title>
            <Table>
              <Table.Tbody>
                {hours.map((day) => (
                  <Table.Tr key={day}>
                    <Table.Th scope="row" fw={500}>
                      {t(`contact.hours.${day}.day`)}
                    </Table.Th>
                    <Table.Td>{t(`contact.hours.${day}.time`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Group gap="sm">
            <Button component={Link} to={localize(paths.help)} variant="default" size="xs">
              {t('contact.links.help')}
            </Button>
            <Button component={Link} to={localize(paths.docs)} variant="default" size="xs">
              {t('contact.links.docs')}
            </Button>
            <Button component={Link} to={localize(paths.status)} variant="default" size="xs">
              {t('contact.links.status')}
            </Button>
          </Group>
        </Stack>
      }
    >
      <TextInput {...form.field('company')} label={t('contact.fields.company')} autoComplete="organization" />
      <NativeSelect
        {...form.field('subject')}
        label={t('contact.fields.subject')}
        required
        data={[
          { value: '', label: t('contact.chooseSubject'), disabled: true },
          ...contactSubjects.map((subject) => ({
            value: subject,
            label: t(`contact.subjects.${subject}`),
          })),
        ]}
      />
      <Textarea {...form.field('message')} label={t('contact.fields.message')} required rows={4} />
    </PublicFormPage>
  );
}
