import { type QaCaseId, type QaCategory, qaCategories } from '@careloop/domain/qa-cases';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { useClinicTimeZone } from '../../lib/current-user';
import { downloadTextFile } from '../../lib/download';
import { showError, showSuccess } from '../../lib/notifications';
import { logUserAction } from '../../lib/reporting';
import { useTestingChecklist } from './api/get-testing-checklist';
import { useUpdateQaCase } from './api/update-qa-case';
import { ChecklistSummary } from './components/checklist-summary';
import { PreLaunchChecklist } from './components/pre-launch-checklist';
import { QaCaseCard } from './components/qa-case-card';
import {
  buildTestingReport,
  filterCases,
  mergeCases,
  progressOf,
  reportFileName,
} from './testing-checklist.utils';

/** /testing-checklist: the clinic's production-readiness QA list (spec 2 §2), saved per clinic. */
export function TestingChecklistPage() {
  const { t, i18n } = useTranslation(['testing', 'common']);
  const checklist = useTestingChecklist();
  const update = useUpdateQaCase();
  const timeZone = useClinicTimeZone();
  const [category, setCategory] = useState<QaCategory | 'all'>('all');
  const cases = useMemo(() => mergeCases(checklist.data?.cases ?? []), [checklist.data]);
  const progress = progressOf(cases);

  const save = (id: QaCaseId, body: { completed?: boolean; notes?: string }) =>
    update.mutate(
      { id, ...body },
      {
        onSuccess: () => {
          if (body.notes !== undefined) showSuccess({ title: t('card.notesSaved') });
        },
        onError: () => showError({ title: t('saveError') }),
      },
    );

  const exportReport = () => {
    const now = new Date();
    const formatTime = (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(iso),
      );
    const report = buildTestingReport(cases, {
      t: i18n.getFixedT(null, 'testing'),
      now,
      formatTime,
    });
    downloadTextFile(reportFileName(now), report, 'text/markdown');
    showSuccess({ title: t('exported') });
    void logUserAction('test_report_generated', { percentage: progress.percentage, ready: progress.isReady });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={720}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={exportReport}
          disabled={!checklist.data}
        >
          {t('export')}
        </Button>
      </Group>

      <QueryState query={checklist} errorTitle={t('loadError')}>
        {() => (
          <>
            <ChecklistSummary progress={progress} />
            <Title order={2} size="h4">
              {t('casesTitle')}
            </Title>
            <Group gap="xs" role="group" aria-label={t('filter.label')}>
              {(['all', ...qaCategories] as const).map((value) => (
                <Button
                  key={value}
                  size="xs"
                  variant={category === value ? 'filled' : 'default'}
                  aria-pressed={category === value}
                  onClick={() => setCategory(value)}
                >
                  {value === 'all' ? t('filter.all') : t(`categories.${value}`)}
                </Button>
              ))}
            </Group>
            <Stack gap="sm">
              {filterCases(cases, category).map((qaCase) => (
                <QaCaseCard
                  key={qaCase.id}
                  qaCase={qaCase}
                  number={cases.indexOf(qaCase) + 1}
                  isSaving={update.isPending && update.variables?.id === qaCase.id}
                  onToggle={(completed) => save(qaCase.id, { completed })}
                  onSaveNotes={(notes) => save(qaCase.id, { notes })}
                />
              ))}
            </Stack>
            <PreLaunchChecklist />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
