import type { Lead } from '@careloop/contracts/leads';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { apiErrorMessage } from '../../lib/api-error-message';
import { exportLeadsUrl, leadsPageSize, useLeads } from './api/get-leads';
import { type OperatorColumn, OperatorTable } from './components/operator-table';

const kindColors: Record<Lead['kind'], string> = {
  enterprise: 'grape',
  demo: 'blue',
  contact: 'teal',
  job_application: 'orange',
};

/** The operators' view of the public site's leads: newest first, searchable, paged, exported as CSV. */
export function LeadsPage() {
  const { t, i18n } = useTranslation('operators');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const list = useLeads({ q, page });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: OperatorColumn<Lead>[] = [
    {
      key: 'received',
      header: t('leads.columns.received'),
      cell: (lead) => dateFormat.format(new Date(lead.createdAt)),
      style: { whiteSpace: 'nowrap' },
    },
    {
      key: 'kind',
      header: t('leads.columns.kind'),
      cell: (lead) => (
        <Badge color={kindColors[lead.kind]} variant="light" style={{ overflow: 'visible' }}>
          {t(`leads.kinds.${lead.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'from',
      header: t('leads.columns.from'),
      cell: (lead) => (
        <>
          <Text size="sm" fw={600}>
            {lead.name}
          </Text>
          <Anchor size="sm" href={`mailto:${lead.email}`}>
            {lead.email}
          </Anchor>
          {lead.phone ? <Text size="sm">{lead.phone}</Text> : null}
        </>
      ),
    },
    { key: 'organization', header: t('leads.columns.organization'), cell: (lead) => lead.organization ?? '' },
    {
      key: 'details',
      header: t('leads.columns.details'),
      cell: (lead) =>
        lead.details.map(({ field, value }) => (
          <Text size="sm" key={field}>
            {t(`leads.fields.${field}`, { defaultValue: field })}: {value}
          </Text>
        )),
    },
    {
      key: 'message',
      header: t('leads.columns.message'),
      cell: (lead) => lead.message ?? '',
      style: { maxWidth: '24rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('leads.title')}</Title>
          <Text c="dark.6">{t('leads.subtitle')}</Text>
        </Stack>
        <Button
          component="a"
          href={exportLeadsUrl(q)}
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {t('leads.export')}
        </Button>
      </Group>

      <TextInput
        label={t('leads.search')}
        placeholder={t('leads.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        type="search"
        maw="32rem"
      />

      <QueryState
        query={list}
        errorTitle={t('leads.loadFailed')}
        errorDetail={apiErrorMessage}
        empty={{
          isEmpty: (data) => data.items.length === 0,
          title: q ? t('leads.noMatch') : t('leads.empty'),
        }}
      >
        {(data) => (
          <OperatorTable
            label={t('leads.title')}
            countText={t('leads.count', { count: data.total })}
            columns={columns}
            rows={data.items}
            rowKey={(lead) => lead.id}
            total={data.total}
            pageSize={leadsPageSize}
            page={page}
            onPageChange={setPage}
          />
        )}
      </QueryState>
    </Stack>
  );
}
