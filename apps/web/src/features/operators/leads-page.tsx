import type { Lead } from '@careloop/contracts/leads';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { apiErrorMessage } from '../../lib/api-error-message';
import { exportLeadsUrl, leadsPageSize, useLeads } from './api/get-leads';
import { leadPageCount } from './leads.utils';

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
  const total = list.data?.total ?? 0;

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

      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert color="red" title={t('leads.loadFailed')}>
          {apiErrorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dark.6">{q ? t('leads.noMatch') : t('leads.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dark.6" aria-live="polite">
            {t('leads.count', { count: total })}
          </Text>
          <Table.ScrollContainer
            minWidth={880}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('leads.title') },
            }}
          >
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('leads.columns.received')}</Table.Th>
                  <Table.Th>{t('leads.columns.kind')}</Table.Th>
                  <Table.Th>{t('leads.columns.from')}</Table.Th>
                  <Table.Th>{t('leads.columns.organization')}</Table.Th>
                  <Table.Th>{t('leads.columns.details')}</Table.Th>
                  <Table.Th>{t('leads.columns.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((lead) => (
                  <Table.Tr key={lead.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {dateFormat.format(new Date(lead.createdAt))}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={kindColors[lead.kind]} variant="light" style={{ overflow: 'visible' }}>
                        {t(`leads.kinds.${lead.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {lead.name}
                      </Text>
                      <Anchor size="sm" href={`mailto:${lead.email}`}>
                        {lead.email}
                      </Anchor>
                      {lead.phone ? <Text size="sm">{lead.phone}</Text> : null}
                    </Table.Td>
                    <Table.Td>{lead.organization ?? ''}</Table.Td>
                    <Table.Td>
                      {lead.details.map(({ field, value }) => (
                        <Text size="sm" key={field}>
                          {t(`leads.fields.${field}`, { defaultValue: field })}: {value}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td style={{ maxWidth: '24rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {lead.message ?? ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > leadsPageSize ? (
            <Pagination
              total={leadPageCount(total)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`leads.pagination.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('leads.pagination.page', { page: item }) })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
