import { qaCases } from '@careloop/domain/qa-cases';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  buildTestingReport,
  filterCases,
  mergeCases,
  progressOf,
  reportFileName,
} from './testing-checklist.utils';

beforeAll(async () => {
  await i18n.loadNamespaces('testing');
});

const t = i18n.getFixedT(null, 'testing');
const allCritical = () =>
  mergeCases(
    qaCases.map((c) => ({
      id: c.id,
      completed: c.priority === 'critical',
      testedAt: c.priority === 'critical' ? '2026-11-26T09:00:00.000Z' : null,
      testedBy: c.priority === 'critical' ? 'ana' : null,
      notes: c.id === 'comms-opt-out' ? 'STOP confirmed' : '',
    })),
  );

describe('testing checklist utils', () => {
  it('reads a case the server did not list as not done', () => {
    const cases = mergeCases([]);
    expect(cases).toHaveLength(12);
    expect(progressOf(cases)).toMatchObject({ completed: 0, percentage: 0, isReady: false });
  });

  it('is Ready at 100 % of critical tests even when others remain', () => {
    expect(progressOf(allCritical())).toMatchObject({ criticalPercentage: 100, isReady: true });
    expect(progressOf(allCritical()).percentage).toBeLessThan(100);
  });

  it.each([
    ['all', 12],
    ['authentication', 2],
    ['mobile', 1],
  ] as const)('filters %s to %i cases', (category, count) => {
    expect(filterCases(mergeCases([]), category)).toHaveLength(count);
  });

  it.each([
    [new Date(2026, 10, 26, 23, 59), 'testing-report-2026-11-26.md'],
    [new Date(2027, 0, 5, 0, 1), 'testing-report-2027-01-05.md'],
  ])('names the file after the local date %s', (now, name) => {
    expect(reportFileName(now)).toBe(name);
  });

  it('writes the summary and every case with its steps, result, tester and notes', () => {
    const report = buildTestingReport(allCritical(), {
      t,
      now: new Date('2026-11-26T10:00:00.000Z'),
      formatTime: (iso) => iso.slice(0, 16),
    });
    expect(report.startsWith('# CareLoop Testing Report\n')).toBe(true);
    expect(report).toContain('- Overall progress: 50% (6 of 12)');
    expect(report).toContain('- Critical tests: 100% (6 of 6)');
    expect(report).toContain('- Ready Status: Ready');
    expect(report).toContain('### 6. A patient opts out by replying STOP');
    expect(report).toContain('- Result: ✅ Passed');
    expect(report).toContain('- Tested 2026-11-26T09:00 by ana');
    expect(report).toContain("1. Send a follow-up to a test patient's phone.");
    expect(report).toContain('**Notes:** STOP confirmed');
    expect(report).toContain('### 12. Works on a phone');
    expect(report.match(/^### /gm)).toHaveLength(12);
    expect(report).not.toMatch(/cases\.|report\.|step\d/);
  });
});
