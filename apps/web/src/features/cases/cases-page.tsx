import { type CaseStatusFilter, caseStatusFilters } from '@careloop/contracts/cases';
import { Button, Center, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCaseSummary } from './api/get-case-summary';
import { useCases } from './api/get-cases';
import { parseStatusFilter } from './cases.utils';
import { CaseDetailDialog } from './components/case-detail-dialog';
import { CaseList } from './components/case-list';
import { CaseSummaryCards } from './components/case-summary-cards';
import { NewCaseDialog } from './components/new-case-dialog';
import { useNow } from './hooks/use-now';

/** The Action Queue: status filter, summary cards, the list, and the case and new-case dialogs. */
export function CasesPage() {
  const { t } = useTranslation(['cases', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatusFilter(searchParams.get('status'));
  const [openCaseId, setOpenCaseId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const now = useNow();
  const summary = useCaseSummary();
  const list = useCases(status);

  const handleFilter = (value: string) => {
    const next = parseStatusFilter(value);
    setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setIsCreating(true)}>
          {t('newCase')}
        </Button>
      </Group>

      <CaseSummaryCards summary={summary.data} />

      <Stack gap={6}>
        <Text size="sm" fw={500} id="case-status-filter">
          {t('filter.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="case-status-filter"
          value={status}
          onChange={handleFilter}
          data={caseStatusFilters.map((value: CaseStatusFilter) => ({ value, label: t(`filter.${value}`) }))}
          fullWidth
          size="sm"
          style={{ maxWidth: '36rem' }}
        />
      </Stack>

      <QueryState
        query={list}
        errorTitle={t('toasts.loadError')}
        empty={{
          isEmpty: (data) => data.pages.every((page) => page.cases.length === 0),
          title: t('list.empty'),
          hint: t(status === 'all' ? 'list.emptyAll' : 'list.emptyFiltered'),
        }}
      >
        {(data) => (
          <>
            <CaseList cases={data.pages.flatMap((page) => page.cases)} now={now} onOpen={setOpenCaseId} />
            {list.hasNextPage ? (
              <Center>
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('list.loadMore')}
                </Button>
              </Center>
            ) : null}
          </>
        )}
      </QueryState>

      <CaseDetailDialog caseId={openCaseId} now={now} onClose={() => setOpenCaseId(null)} />
      <NewCaseDialog
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(id) => {
          setIsCreating(false);
          setOpenCaseId(id);
        }}
      />
    </Stack>
  );
}
