import { baaRequestBodySchema } from '@careloop/contracts/compliance';
import { Button, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { keyFor } from '../../../i18n/runtime-key';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useClinicTimeZone } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { useBaaRequests } from '../api/get-baa-requests';
import { useRequestBaa } from '../api/request-baa';

const fieldNames = ['legalEntityName', 'signatoryName', 'signatoryTitle', 'signatoryEmail'] as const;

/** Business Associate Agreement: the request goes to sales; earlier requests are listed. */
/** The form's error texts by field (`enterprise:baa.errors.*`). */
const baaErrorKeys = {
  legalEntityName: 'baa.errors.legalEntityName',
  signatoryName: 'baa.errors.signatoryName',
  signatoryTitle: 'baa.errors.signatoryTitle',
  signatoryEmail: 'baa.errors.signatoryEmail',
  notes: 'baa.errors.notes',
} as const;

export function BaaPanel() {
  const { t, i18n } = useTranslation('enterprise');
  const requests = useBaaRequests();
  const send = useRequestBaa();
  const form = useForm({
    initialValues: {
      legalEntityName: '',
      signatoryName: '',
      signatoryTitle: '',
      signatoryEmail: '',
      notes: '',
    },
    validate: (values) => {
      const parsed = baaRequestBodySchema.safeParse({ ...values, notes: values.notes || undefined });
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((issue) => {
          const field = String(issue.path[0]);
          const key = keyFor(baaErrorKeys, field);
          return [field, key ? t(key) : issue.message];
        }),
      );
    },
  });
  const timeZone = useClinicTimeZone();
  const date = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone }).format(new Date(at));

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="baa-form-title">
        <Title order={2} size="h4" id="baa-form-title">
          {t('baa.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('baa.intro')}
        </Text>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            send.mutate(
              { ...values, notes: values.notes.trim() || undefined },
              {
                onSuccess: () => {
                  showSuccess({ title: t('baa.sent'), message: t('baa.sentText') });
                  form.reset();
                },
                onError: (error) => showError({ title: t('baa.sendError'), message: apiErrorMessage(error) }),
              },
            ),
          )}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {fieldNames.map((name) => (
                <TextInput
                  key={name}
                  label={t(`baa.fields.${name}`)}
                  type={name === 'signatoryEmail' ? 'email' : 'text'}
                  required
                  {...form.getInputProps(name)}
                />
              ))}
            </SimpleGrid>
            <Textarea
              label={t('baa.fields.notes')}
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('notes')}
            />
            <div>
              <Button type="submit" loading={send.isPending}>
                {t('baa.submit')}
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
      {requests.data && requests.data.items.length > 0 ? (
        <Table.ScrollContainer
          minWidth={520}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('baa.listLabel') },
          }}
        >
          <Table aria-label={t('baa.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('baa.requestedOn')}</Table.Th>
                <Table.Th>{t('baa.fields.legalEntityName')}</Table.Th>
                <Table.Th>{t('baa.signatory')}</Table.Th>
                <Table.Th>{t('baa.requestedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.items.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>{date(request.createdAt)}</Table.Td>
                  <Table.Td>{request.legalEntityName}</Table.Td>
                  <Table.Td>{`${request.signatoryName}, ${request.signatoryTitle}`}</Table.Td>
                  <Table.Td>{request.requestedBy ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
