import { describe, expect, it } from 'vitest';
import { checklistProgress } from './monitoring-rules';
import { preLaunchItems, qaCaseIds, qaCases, qaCategories } from './qa-cases';

describe('qaCases', () => {
  it('has twelve cases with distinct ids, covering each of the seven categories', () => {
    expect(qaCases).toHaveLength(12);
    expect(new Set(qaCaseIds).size).toBe(12);
    expect(new Set(qaCases.map((c) => c.category))).toEqual(new Set(qaCategories));
    expect(qaCategories).toHaveLength(7);
  });

  it('has critical cases, so Ready is reachable only by passing them', () => {
    const none = checklistProgress(qaCases.map((c) => ({ priority: c.priority, completed: false })));
    expect(none.critical).toBeGreaterThan(0);
    expect(none.isReady).toBe(false);
    const criticalOnly = checklistProgress(
      qaCases.map((c) => ({ priority: c.priority, completed: c.priority === 'critical' })),
    );
    expect(criticalOnly).toMatchObject({ criticalPercentage: 100, isReady: true });
    expect(criticalOnly.percentage).toBeLessThan(100);
  });

  it('lists the seven pre-launch items', () => {
    expect(preLaunchItems).toHaveLength(7);
  });
});
