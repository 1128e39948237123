import { describe, expect, it } from 'vitest';
import { isStepReachable, stepIndicators, summaryRows } from './onboarding-progress.utils';
import { buildState, done, pending } from './onboarding-test-fixtures';

describe('stepIndicators', () => {
  it('marks completed steps and who completed them, by the part of the e-mail before the @', () => {
    const state = buildState({
      steps: {
        clinicProfile: done('ada'),
        whatsappSetup: done('bob@smile.example'),
        smsSetup: { completed: true, completedBy: null, completedAt: null },
        messageTemplates: pending,
      },
      channels: { whatsapp: true, sms: true },
    });
    expect(stepIndicators(state)).toEqual([
      { step: 1, key: 'clinicProfile', mark: 'completed', completedBy: 'ada' },
      { step: 2, key: 'whatsappSetup', mark: 'completed', completedBy: 'bob' },
      { step: 3, key: 'smsSetup', mark: 'completed', completedBy: null },
      { step: 4, key: 'messageTemplates', mark: 'pending', completedBy: null },
    ]);
  });

  // The stepper agrees with the summary: a skipped SMS step is skipped, not completed.
  it.each([
    [{ whatsapp: true, sms: false }, 'completed', 'skipped'],
    [{ whatsapp: false, sms: true }, 'skipped', 'completed'],
  ] as const)(
    'channels %j: WhatsApp step %s, SMS step %s, as the summary says',
    (channels, whatsapp, sms) => {
      const state = buildState({
        steps: {
          clinicProfile: done('ada'),
          whatsappSetup: done('ada'),
          smsSetup: done('ada'),
          messageTemplates: done('ada'),
        },
        channels,
      });
      const marks = stepIndicators(state).map((indicator) => [
        indicator.key,
        indicator.mark,
        indicator.completedBy,
      ]);
      expect(marks).toEqual([
        ['clinicProfile', 'completed', 'ada'],
        ['whatsappSetup', whatsapp, whatsapp === 'completed' ? 'ada' : null],
        ['smsSetup', sms, sms === 'completed' ? 'ada' : null],
        ['messageTemplates', 'completed', 'ada'],
      ]);
      const summary = summaryRows(state);
      expect(summary[1]?.status).toBe(whatsapp === 'completed' ? 'connected' : 'skipped');
      expect(summary[2]?.status).toBe(sms === 'completed' ? 'connected' : 'skipped');
    },
  );
});

describe('isStepReachable', () => {
  it.each([
    [0, 1, true],
    [0, 2, false],
    [2, 3, true],
    [2, 4, false],
    [4, 4, true],
  ] as const)('saved %i, step %i -> %s', (stepCompleted, step, expected) => {
    expect(isStepReachable(step, { stepCompleted })).toBe(expected);
  });
});

describe('summaryRows', () => {
  it.each([
    [{ whatsapp: true, sms: false }, 'connected', 'skipped'],
    [{ whatsapp: false, sms: true }, 'skipped', 'connected'],
    [{ whatsapp: true, sms: true }, 'connected', 'connected'],
  ])('channels %j', (channels, whatsapp, sms) => {
    const state = buildState({
      channels,
      steps: {
        clinicProfile: done('a'),
        whatsappSetup: done('a'),
        smsSetup: done('a'),
        messageTemplates: done('a'),
      },
    });
    expect(summaryRows(state)).toEqual([
      { key: 'clinicProfile', status: 'completed' },
      { key: 'whatsappSetup', status: whatsapp },
      { key: 'smsSetup', status: sms },
      { key: 'messageTemplates', status: 'completed', templateCount: 0 },
    ]);
  });
});
