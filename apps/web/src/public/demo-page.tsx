import { practiceTypes, teamSizes } from '@careloop/contracts/public-site-options';
import {
  Button,
  Card,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { usePublicForm } from './components/public-form';
import { PublicFormPage } from './components/public-form-page';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

/** /demo: the demo request form and what to expect. */
export function DemoPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['company', 'public']);
  usePageMeta(t('public:meta.demo.title'), t('public:meta.demo.description'));
  const form = usePublicForm('demo', {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    clinicName: '',
    clinicType: '',
    teamSize: '',
    message: '',
  });
  const expectations = translatedList(t('demo.expect.items', { returnObjects: true }));
  const highlights = translatedList(t('demo.highlights.items', { returnObjects: true }));
  const check = (
    <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
      <IconCheck size={14} />
    </ThemeIcon>
  );

  return (
    <PublicFormPage
      page="demo"
      form={form}
      submitSize="md"
      aside={
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="sm">
              {t('demo.expect.title')}
            </Title>
            <List spacing="xs" fz="sm" icon={check}>
              {expectations.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
          <Card withBorder radius="md" padding="lg" bg="brand.0">
            <Title order={2} fz="h4" mb="xs">
              {t('demo.skip.title')}
            </Title>
            <Text fz="sm" c="dark.6" mb="md">
              {t('demo.skip.text')}
            </Text>
            <Button component={Link} to={localize(paths.signup)} variant="white">
              {t('public:common.startTrial')}
            </Button>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="sm">
              {t('demo.highlights.title')}
            </Title>
            <List spacing="xs" fz="sm" icon={check}>
              {highlights.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        </Stack>
      }
    >
      <TextInput
        {...form.field('clinicName')}
        label={t('demo.fields.clinicName')}
        required
        autoComplete="organization"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          {...form.field('clinicType')}
          label={t('demo.fields.clinicType')}
          required
          data={[
            { value: '', label: t('demo.choose'), disabled: true },
            ...practiceTypes.map((type) => ({
              value: type,
              label: t(`demo.practiceTypes.${type}`),
            })),
          ]}
        />
        <NativeSelect
          {...form.field('teamSize')}
          label={t('demo.fields.teamSize')}
          data={[
            { value: '', label: t('demo.choose') },
            ...teamSizes.map((size) => ({
              value: size,
              label: t('demo.teamSizeOption', { size }),
            })),
          ]}
        />
      </SimpleGrid>
      <Textarea {...form.field('message')} label={t('demo.fields.message')} rows={3} />
    </PublicFormPage>
  );
}
