import {
  Badge,
  Checkbox,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { apiErrorMessage } from '../../lib/api-error-message';
import { type ClientErrorSource, clientErrorsPageSize, useClientErrors } from './api/get-client-errors';
import { leadPageCount } from './leads.utils';

const sources: readonly ClientErrorSource[] = ['all', 'public', 'clinics'];

/**
 * The operators' view of the errors browsers reported: the public site's (no clinic, seen nowhere
 * else) beside every clinic's, newest first, found by the id the error screen showed the user.
 */
export function ClientErrorsPage() {
  const { t, i18n } = useTranslation('operators');
  const [source, setSource] = useState<ClientErrorSource>('all');
  const [search, setSearch] = useState('');
  const [errorId] = useDebouncedValue(search, 250);
  const [includeNotFound, setIncludeNotFound] = useState(false);
  const [page, setPage] = useState(1);
  const list = useClientErrors({ source, errorId, includeNotFound, page });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('clientErrors.title')}</Title>
        <Text c="dark.6">{t('clientErrors.subtitle')}</Text>
      </Stack>

      <Group align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="client-error-source">
            {t('clientErrors.source')}
          </Text>
          <SegmentedControl
            aria-labelledby="client-error-source"
            value={source}
            onChange={(value) => {
              setSource(value as ClientErrorSource);
              setPage(1);
            }}
            data={sources.map((value) => ({ value, label: t(`clientErrors.sources.${value}`) }))}
          />
        </Stack>
        <TextInput
          label={t('clientErrors.errorId')}
          placeholder="ERR-…"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          type="search"
          maw="16rem"
        />
        <Checkbox
          label={t('clientErrors.includeNotFound')}
          checked={includeNotFound}
          onChange={(event) => {
            setIncludeNotFound(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>

      <QueryState
        query={list}
        errorTitle={t('clientErrors.loadFailed')}
        errorDetail={apiErrorMessage}
        empty={{ isEmpty: (data) => data.items.length === 0, title: t('clientErrors.empty') }}
      >
        {(data) => (
          <>
            <Text size="sm" c="dark.6" aria-live="polite">
              {t('clientErrors.count', { count: data.total })}
            </Text>
            <Table.ScrollContainer
              minWidth={880}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('clientErrors.title') },
              }}
            >
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('clientErrors.columns.received')}</Table.Th>
                    <Table.Th>{t('clientErrors.columns.kind')}</Table.Th>
                    <Table.Th>{t('clientErrors.columns.where')}</Table.Th>
                    <Table.Th>{t('clientErrors.columns.message')}</Table.Th>
                    <Table.Th>{t('clientErrors.columns.errorId')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {dateFormat.format(new Date(item.createdAt))}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={item.errorType === 'page_not_found' ? 'gray' : 'red'}>
                          {item.errorType}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ maxWidth: '20rem', overflowWrap: 'anywhere' }}>
                        <Text size="sm" fw={600}>
                          {item.clinicName ?? t('clientErrors.publicSite')}
                        </Text>
                        {item.url ? <Text size="sm">{item.url}</Text> : null}
                      </Table.Td>
                      <Table.Td
                        style={{ maxWidth: '28rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      >
                        {item.message ?? ''}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.errorId ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > clientErrorsPageSize ? (
              <Pagination
                total={leadPageCount(data.total, clientErrorsPageSize)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`leads.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('leads.pagination.page', { page: item }) })}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
