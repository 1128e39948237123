import { type AuditLogEntry, auditLogActions } from '@careloop/contracts/compliance';
import {
  Alert,
  Badge,
  Button,
  type ComboboxItem,
  Group,
  type OptionsFilter,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyFor } from '../../../i18n/runtime-key';
import { useAuditNames } from '../../../lib/audit-names';
import { useClinicTimeZone } from '../../../lib/current-user';
import { type AuditLogFilters, auditLogExportUrl } from '../api/compliance-keys';
import { useAuditLog } from '../api/get-audit-log';

const riskColors: Record<string, string> = { low: 'gray', medium: 'blue', high: 'orange', critical: 'red' };
const riskLevelKeys = {
  low: 'audit.riskLevels.low',
  medium: 'audit.riskLevels.medium',
  high: 'audit.riskLevels.high',
  critical: 'audit.riskLevels.critical',
} as const;

/** The resource an entry names: the security trail's own field, else the ids in the work trail's context. */
function resourceOf(entry: AuditLogEntry, resourceType: (name: string) => string): string {
  if (entry.resourceType) {
    const type = resourceType(entry.resourceType);
    return entry.resourceId ? `${type} ${entry.resourceId}` : type;
  }
  const detail = entry.detail ?? {};
  const ids = ['patientId', 'caseId', 'reviewId', 'messageId', 'baaRequestId']
    .map((key) => detail[key])
    .filter((value): value is string => typeof value === 'string');
  return ids.join(', ');
}

/** An action matches what the reader types in its words or as stored (`patient_vie`). */
const actionFilter: OptionsFilter = ({ options, search }) => {
  const words = search.trim().toLocaleLowerCase();
  const stored = words.replace(/\s+/g, '_');
  return options.filter(
    (option) =>
      'value' in option &&
      (option.label.toLocaleLowerCase().includes(words) || option.value.includes(stored)),
  );
};

/** The audit trail: filters by action, user and dates; newest first, more on demand; CSV of the filtered rows. */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation(['enterprise', 'common']);
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const users = log.data?.pages[0]?.users ?? [];
  const names = useAuditNames();
  // The filter lists the actions in the reader's words, in the reader's alphabetical order.
  const actionOptions: ComboboxItem[] = auditLogActions
    .map((action) => ({ value: action, label: names.action(action) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  // A level this page does not know yet shows as the server named it.
  const riskLevelLabel = (level: string) => {
    const key = keyFor(riskLevelKeys, level);
    return key ? t(key) : level;
  };
  // The date filters are the clinic's days: its rows read in the clinic's clock too.
  const timeZone = useClinicTimeZone();
  const time = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(at),
    );
  const update = (key: keyof AuditLogFilters, value: string | null) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));
  const isRangeBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label={t('audit.action')}
          placeholder={t('audit.allActions')}
          data={actionOptions}
          filter={actionFilter}
          value={filters.action ?? null}
          onChange={(value) => update('action', value)}
          searchable
          clearable
        />
        <Select
          label={t('audit.user')}
          placeholder={t('audit.allUsers')}
          data={users.map((user) => ({ value: user.userId, label: `${user.name} (${user.email})` }))}
          value={filters.userId ?? null}
          onChange={(value) => update('userId', value)}
          clearable
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={filters.from ?? ''}
          onChange={(event) => update('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={filters.to ?? ''}
          onChange={(event) => update('to', event.currentTarget.value)}
          error={isRangeBackwards ? t('audit.rangeBackwards') : undefined}
        />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('audit.timeZoneNote')}
        </Text>
        <Button
          component="a"
          href={auditLogExportUrl(filters)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          {t('audit.exportCsv')}
        </Button>
      </Group>
      {log.isError && !isRangeBackwards ? (
        <Alert color="red" title={t('audit.loadError')}>
          <Button variant="light" color="red" onClick={() => void log.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        </Alert>
      ) : null}
      <Table.ScrollContainer
        minWidth={720}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.tableLabel') },
        }}
      >
        <Table striped aria-label={t('audit.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.time')}</Table.Th>
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.user')}</Table.Th>
              <Table.Th>{t('audit.resource')}</Table.Th>
              <Table.Th>{t('audit.risk')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{time(entry.at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{names.action(entry.action)}</Text>
                  {/* The stored name, as the CSV export carries it. */}
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entry.action}
                  </Text>
                </Table.Td>
                <Table.Td>{entry.userName ?? (entry.userId ? entry.userId : t('audit.system'))}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {resourceOf(entry, names.resourceType)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {entry.riskLevel ? (
                    <Badge color={riskColors[entry.riskLevel] ?? 'gray'} variant="light">
                      {riskLevelLabel(entry.riskLevel)}
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.isSuccess && entries.length === 0 ? <Text c="dimmed">{t('audit.empty')}</Text> : null}
      {log.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('audit.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
