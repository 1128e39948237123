import type { QaCaseState } from '@careloop/contracts/testing-checklist';
import { type ChecklistProgress, checklistProgress } from '@careloop/domain/monitoring-rules';
import { type QaCategory, qaCases } from '@careloop/domain/qa-cases';
import type { TFunction } from 'i18next';
import { translateRuntimeKey } from '../../i18n/runtime-key';

export type ChecklistCase = (typeof qaCases)[number] & Omit<QaCaseState, 'id'>;

/** The fixed catalogue joined with the clinic's saved state (a case the server did not list is not done). */
export function mergeCases(saved: readonly QaCaseState[]): ChecklistCase[] {
  const byId = new Map(saved.map((state) => [state.id, state]));
  return qaCases.map((qaCase) => {
    const state = byId.get(qaCase.id);
    return {
      ...qaCase,
      completed: state?.completed ?? false,
      testedAt: state?.testedAt ?? null,
      testedBy: state?.testedBy ?? null,
      notes: state?.notes ?? '',
    };
  });
}

export const progressOf = (cases: readonly ChecklistCase[]): ChecklistProgress => checklistProgress(cases);

export function filterCases(cases: readonly ChecklistCase[], category: QaCategory | 'all'): ChecklistCase[] {
  return category === 'all' ? [...cases] : cases.filter((c) => c.category === category);
}

/** `testing-report-2026-11-26.md`, the local calendar date of the export (spec 2 §2). */
export function reportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `testing-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.md`;
}

const stepNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/**
 * The Export Report file: the summary, then every case with its steps, expected result, outcome,
 * tester and notes, in the interface language. Made in the browser; nothing is sent.
 */
export function buildTestingReport(
  cases: readonly ChecklistCase[],
  options: { t: TFunction<'testing'>; now: Date; formatTime: (iso: string) => string },
): string {
  const { t, now, formatTime } = options;
  const progress = progressOf(cases);
  const status = t(progress.isReady ? 'summary.readyValue' : 'summary.notReadyValue');
  const lines = [
    `# ${t('report.title')}`,
    '',
    t('report.generated', { time: formatTime(now.toISOString()) }),
    '',
    `## ${t('report.summary')}`,
    '',
    `- ${t('report.overall', { percentage: progress.percentage, completed: progress.completed, total: progress.total })}`,
    `- ${t('report.critical', {
      percentage: progress.criticalPercentage,
      completed: progress.criticalCompleted,
      total: progress.critical,
    })}`,
    `- ${t('report.status', { status })}`,
    '',
    `## ${t('report.cases')}`,
  ];
  cases.forEach((qaCase, index) => {
    // A case's texts are named by its id and step count, which come from the domain's list.
    const text = (key: string) => translateRuntimeKey(t, `cases.${qaCase.id}.${key}`);
    lines.push(
      '',
      `### ${index + 1}. ${text('title')}`,
      '',
      `- ${t('report.category')}: ${t(`categories.${qaCase.category}`)}`,
      `- ${t('report.priority')}: ${t(`priorities.${qaCase.priority}`)}`,
      `- ${t('report.result')}: ${qaCase.completed ? `✅ ${t('report.passed')}` : `⬜ ${t('report.notPassed')}`}`,
    );
    if (qaCase.completed && qaCase.testedAt) {
      lines.push(
        `- ${t('report.tested', { time: formatTime(qaCase.testedAt), tester: qaCase.testedBy ?? '—' })}`,
      );
    }
    lines.push('', text('description'), '', `**${t('card.steps')}**`, '');
    for (const n of stepNumbers(qaCase.steps)) lines.push(`${n}. ${text(`step${n}`)}`);
    lines.push('', `**${t('card.expected')}:** ${text('expected')}`);
    if (qaCase.notes.trim()) lines.push('', `**${t('report.notes')}:** ${qaCase.notes.trim()}`);
  });
  return `${lines.join('\n')}\n`;
}
