import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../i18n/runtime-key';
import { publicOrigin } from '../../lib/public-origin';
import { apiCodeSamples } from './api-code-samples';
import { CodeSample } from './code-sample';
import { webhookEventDocs } from './webhook-events';

/** /docs Webhooks: signature checking with a Node sample, then every event of the document. */
export function DocsWebhooks() {
  const { t } = useTranslation('product');
  const samples = apiCodeSamples(publicOrigin());
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('docs.webhooks.title')}
      </Title>
      <Text>{t('docs.webhooks.text')}</Text>
      <Title order={3} fz="h4">
        {t('docs.webhooks.verifyTitle')}
      </Title>
      <Text>{t('docs.webhooks.verifyText')}</Text>
      <CodeSample code={samples.verifyWebhook} label={t('docs.webhooks.verifyLabel')} />
      <Title order={3} fz="h4">
        {t('docs.webhooks.eventsTitle')}
      </Title>
      {webhookEventDocs.map((event) => (
        <Card key={event.type} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={4} fz="h5" ff="monospace">
              {event.type}
            </Title>
            {/* The events come from the OpenAPI document, so their keys are known at run time only. */}
            <Text fz="sm">
              {translateRuntimeKey(t, `docs.webhooks.events.${event.type.replace('.', '_')}`)}
            </Text>
            <Table fz="xs" withTableBorder style={{ overflowWrap: 'anywhere' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('docs.apiReference.field')}</Table.Th>
                  <Table.Th>{t('docs.apiReference.type')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {event.fields.map((field) => (
                  <Table.Tr key={field.name}>
                    <Table.Td ff="monospace">
                      data.{field.name}
                      {field.required ? ' *' : ''}
                    </Table.Td>
                    <Table.Td ff="monospace">{field.type}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <CodeSample code={event.example} label={t('docs.webhooks.exampleLabel', { type: event.type })} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
