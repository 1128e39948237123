import {
  type PatientListSort,
  type PatientRiskFilter,
  patientListSorts,
  patientRiskFilters,
} from '@careloop/contracts/analytics';
import type { Patient } from '@careloop/contracts/patients';
import { type PatientStatus, patientStatuses } from '@careloop/domain/patient';
import {
  Button,
  Card,
  Center,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUpload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { usePatients } from './api/get-patients';
import { ExportPatientsMenu } from './components/export-patients-menu';
import { ImportPatientsModal } from './components/import-patients-modal';
import { PatientCard } from './components/patient-card';
import { PatientFormModal } from './components/patient-form-modal';

const allStatuses = 'all';
const allRisks = 'all';
// Most useful first: everyone at risk, then each level.
const riskFilterChoices = [
  'at_risk',
  'high',
  'medium',
  'low',
] as const satisfies readonly PatientRiskFilter[];

/** The risk filter and order live in the address: the dashboard's card links to `?risk=at_risk&sort=risk`. */
function riskFilterOf(params: URLSearchParams): PatientRiskFilter | null {
  return patientRiskFilters.find((value) => value === params.get('risk')) ?? null;
}
function sortOf(params: URLSearchParams): PatientListSort {
  return patientListSorts.find((value) => value === params.get('sort')) ?? 'recent';
}

/**
 * Patients: card grid newest (or highest risk) first, search, status and risk filters, Load more,
 * add/edit, CSV import and export.
 */
export function PatientsPage() {
  const { t } = useTranslation('patients');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<PatientStatus | null>(null);
  const [editing, setEditing] = useState<Patient | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const risk = riskFilterOf(searchParams);
  const sort = sortOf(searchParams);
  const list = usePatients({ q: debouncedSearch, status, risk, sort });
  const me = useCurrentUser();
  // Every patient at once is for owners and admins (the server answers 403 to staff).
  const canExport = me.data?.role === 'owner' || me.data?.role === 'admin';
  const patients = list.data?.pages.flatMap((page) => page.patients) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const isFiltered = debouncedSearch.trim() !== '' || status !== null || risk !== null;

  const handleRiskChange = (value: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        const chosen = patientRiskFilters.find((filter) => filter === value);
        if (chosen) next.set('risk', chosen);
        else next.delete('risk');
        return next;
      },
      { replace: true },
    );
  const handleSortChange = (value: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'risk') next.set('sort', value);
        else next.delete('sort');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {canExport ? <ExportPatientsMenu /> : null}
          <Button
            variant="default"
            leftSection={<IconUpload size={18} aria-hidden="true" />}
            onClick={() => setIsImporting(true)}
          >
            {t('actions.import')}
          </Button>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setIsAdding(true)}>
            {t('actions.add')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" wrap="wrap" gap="sm" role="search">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label={t('filters.status')}
          value={status ?? allStatuses}
          onChange={(value) => setStatus(value && value !== allStatuses ? (value as PatientStatus) : null)}
          data={[
            { value: allStatuses, label: t('filters.allStatuses') },
            ...patientStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label={t('filters.risk')}
          value={risk ?? allRisks}
          onChange={handleRiskChange}
          data={[
            { value: allRisks, label: t('filters.allRisks') },
            ...riskFilterChoices.map((value) => ({ value, label: t(`risk.filters.${value}`) })),
          ]}
          allowDeselect={false}
          style={{ flex: '0 1 15rem' }}
        />
        <Select
          label={t('filters.sort')}
          value={sort}
          onChange={handleSortChange}
          data={patientListSorts.map((value) => ({ value, label: t(`sort.${value}`) }))}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
      </Group>

      <QueryState query={list} errorTitle={t('errors.loadFailed')}>
        {() =>
          patients.length === 0 ? (
            isFiltered ? (
              <Text c="dimmed" role="status">
                {risk !== null && debouncedSearch.trim() === '' && status === null
                  ? t('empty.noneAtRisk')
                  : t('empty.noMatches')}
              </Text>
            ) : (
              <Card withBorder padding="xl" radius="md">
                <Center>
                  <Stack align="center" gap="sm" maw={420} ta="center">
                    <IconUsers size={40} aria-hidden="true" />
                    <Title order={2}>{t('empty.title')}</Title>
                    <Text c="dimmed">{t('empty.text')}</Text>
                    <Button
                      leftSection={<IconPlus size={18} aria-hidden="true" />}
                      onClick={() => setIsAdding(true)}
                    >
                      {t('actions.add')}
                    </Button>
                  </Stack>
                </Center>
              </Card>
            )
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed" role="status">
                {t('list.showing', { shown: patients.length, total })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {patients.map((patient) => (
                  <PatientCard key={patient.id} patient={patient} onEdit={setEditing} />
                ))}
              </SimpleGrid>
              {list.hasNextPage ? (
                <Center>
                  <Button
                    variant="light"
                    onClick={() => void list.fetchNextPage()}
                    loading={list.isFetchingNextPage}
                  >
                    {t('list.loadMore')}
                  </Button>
                </Center>
              ) : null}
            </Stack>
          )
        }
      </QueryState>

      <PatientFormModal opened={isAdding} onClose={() => setIsAdding(false)} />
      <PatientFormModal opened={editing !== null} patient={editing} onClose={() => setEditing(null)} />
      <ImportPatientsModal opened={isImporting} onClose={() => setIsImporting(false)} />
    </Stack>
  );
}
