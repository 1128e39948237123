import type { ClientErrorList } from '@careloop/contracts/reporting';
import { Badge, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { apiErrorMessage } from '../../lib/api-error-message';
import { type ClientErrorSource, clientErrorsPageSize, useClientErrors } from './api/get-client-errors';
import { type OperatorColumn, OperatorTable } from './components/operator-table';

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
  const columns: OperatorColumn<ClientErrorList['items'][number]>[] = [
    {
      key: 'received',
      header: t('clientErrors.columns.received'),
      cell: (item) => dateFormat.format(new Date(item.createdAt)),
      style: { whiteSpace: 'nowrap' },
    },
    {
      key: 'kind',
      header: t('clientErrors.columns.kind'),
      cell: (item) => (
        <Badge variant="light" color={item.errorType === 'page_not_found' ? 'gray' : 'red'}>
          {item.errorType}
        </Badge>
      ),
    },
    {
      key: 'where',
      header: t('clientErrors.columns.where'),
      cell: (item) => (
        <>
          <Text size="sm" fw={600}>
            {item.clinicName ?? t('clientErrors.publicSite')}
          </Text>
          {item.url ? <Text size="sm">{item.url}</Text> : null}
        </>
      ),
      style: { maxWidth: '20rem', overflowWrap: 'anywhere' },
    },
    {
      key: 'message',
      header: t('clientErrors.columns.message'),
      cell: (item) => item.message ?? '',
      style: { maxWidth: '28rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
    },
    {
      key: 'errorId',
      header: t('clientErrors.columns.errorId'),
      cell: (item) => item.errorId ?? '',
      style: { whiteSpace: 'nowrap' },
    },
  ];

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
          <OperatorTable
            label={t('clientErrors.title')}
            countText={t('clientErrors.count', { count: data.total })}
            columns={columns}
            rows={data.items}
            rowKey={(item) => item.id}
            total={data.total}
            pageSize={clientErrorsPageSize}
            page={page}
            onPageChange={setPage}
          />
        )}
      </QueryState>
    </Stack>
  );
}
