import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../i18n/runtime-key';
import { publicApiOperations } from './api-operations';

/** /docs API Reference: every operation of the committed OpenAPI document, with its scope and fields. */
export function ApiReference() {
  const { t } = useTranslation('product');
  return (
    <Stack gap="md">
      {publicApiOperations.map((operation) => (
        <Card key={operation.key} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color={operation.method === 'GET' ? 'blue' : 'green'} radius="sm">
                {operation.method}
              </Badge>
              <Title order={3} fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {operation.path}
              </Title>
            </Group>
            {/* The operations come from the OpenAPI document, so their keys are known at run time only. */}
            <Text fz="sm">{translateRuntimeKey(t, `api.operations.${operation.key}`)}</Text>
            <Text fz="xs" c="dark.6">
              {operation.scopes.length > 0
                ? t('docs.apiReference.scope', { scope: operation.scopes.join(', ') })
                : t('docs.apiReference.noScope')}
            </Text>
            {operation.fields.length > 0 && (
              // No scroll container (a scrollable region must take focus): long names and types wrap.
              <Table fz="xs" withTableBorder style={{ overflowWrap: 'anywhere' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('docs.apiReference.field')}</Table.Th>
                    <Table.Th>{t('docs.apiReference.where')}</Table.Th>
                    <Table.Th>{t('docs.apiReference.type')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {operation.fields.map((field) => (
                    <Table.Tr key={`${field.where}-${field.name}`}>
                      <Table.Td ff="monospace">
                        {field.name}
                        {field.required ? ' *' : ''}
                      </Table.Td>
                      <Table.Td>{t(`docs.apiReference.in.${field.where}`)}</Table.Td>
                      <Table.Td ff="monospace">{field.type}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
