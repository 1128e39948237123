import { describe, expect, it } from 'vitest';
import { automationConfigSchema } from './automation-config';
import { type PlanPatient, planFollowUps } from './follow-up-plan';

// While a clinical red-flag case of the patient is open, nothing automated is planned for them.
const clinic = {
  timeZone: 'Europe/Madrid',
  defaultLanguage: 'en' as const,
  config: automationConfigSchema.parse({ crosssellDelayDays: 3 }),
};
const patient = (clinicalCaseOpen: boolean | undefined): PlanPatient => ({
  id: 'P-1',
  procedureDate: '2026-03-20',
  language: 'en',
  hasPhone: true,
  optedOut: {},
  hasMarketingConsent: true,
  hasPositiveReview: true,
  ...(clinicalCaseOpen === undefined ? {} : { clinicalCaseOpen }),
});
// Day 3 after the procedure, 10:00 in Madrid: the day-3 follow-up and the cross-sell are due.
const now = new Date('2026-03-23T09:00:00Z');

describe('an open clinical case pauses planning', () => {
  it.each<[string, boolean | undefined, string[], string[]]>([
    ['no case', undefined, ['followup:3', 'crosssell:3'], []],
    ['case resolved', false, ['followup:3', 'crosssell:3'], []],
    ['case open', true, [], ['followup:3 clinical_case_open', 'crosssell:3 clinical_case_open']],
  ])('%s', (_, open, sends, skipped) => {
    const plan = planFollowUps({ clinic, patients: [patient(open)], existing: [], now });
    expect(plan.sends.map((s) => `${s.kind}:${s.scheduleDay}`)).toEqual(sends);
    expect(plan.skipped.map((s) => `${s.kind}:${s.scheduleDay} ${s.reason}`)).toEqual(skipped);
  });
});
