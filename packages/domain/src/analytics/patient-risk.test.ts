import { describe, expect, it } from 'vitest';
import { type PatientRiskSignals, patientRisk } from './patient-risk';

const calm: PatientRiskSignals = {
  latestSurveyScore: null,
  activeNegativeReplies: 0,
  activeClinicalReplies: 0,
  openCaseSeverity: null,
  latestReviewRating: null,
  failedDeliveries: 0,
  followUpsReached: 0,
  everReplied: false,
  procedurePatients: 0,
  procedurePatientsWithCase: 0,
};

describe('patient risk', () => {
  it.each([
    ['no signal', {}, 'low', []],
    ['a promoter', { latestSurveyScore: 9 }, 'low', []],
    ['a detractor score', { latestSurveyScore: 6 }, 'medium', ['detractor_score']],
    ['a negative reply', { activeNegativeReplies: 1 }, 'medium', ['negative_reply']],
    ['a clinical reply', { activeClinicalReplies: 1 }, 'high', ['clinical_reply']],
    ['an open high case', { openCaseSeverity: 'high' }, 'high', ['open_case_high']],
    ['an open medium case', { openCaseSeverity: 'medium' }, 'medium', ['open_case_medium']],
    ['an open low case', { openCaseSeverity: 'low' }, 'low', ['open_case_low']],
    ['a 3-star review', { latestReviewRating: 3 }, 'medium', ['low_rating_review']],
    ['a 4-star review', { latestReviewRating: 4 }, 'low', []],
    ['one failed delivery', { failedDeliveries: 1 }, 'low', []],
    ['two failed deliveries', { failedDeliveries: 2 }, 'low', ['failed_deliveries']],
    [
      'failed deliveries and silence',
      { failedDeliveries: 2, followUpsReached: 3 },
      'medium',
      ['failed_deliveries', 'silent_after_follow_ups'],
    ],
    ['three follow-ups answered', { followUpsReached: 3, everReplied: true }, 'low', []],
    ['two unanswered follow-ups', { followUpsReached: 2 }, 'low', []],
    [
      "the procedure's complaint rate",
      { procedurePatients: 10, procedurePatientsWithCase: 2 },
      'low',
      ['procedure_complaint_rate'],
    ],
    [
      'too few patients to judge the procedure',
      { procedurePatients: 9, procedurePatientsWithCase: 9 },
      'low',
      [],
    ],
    ['a low complaint rate', { procedurePatients: 100, procedurePatientsWithCase: 19 }, 'low', []],
    [
      'a detractor with a bad review, strongest first',
      { latestSurveyScore: 2, latestReviewRating: 1, openCaseSeverity: 'low' },
      'high',
      ['detractor_score', 'low_rating_review', 'open_case_low'],
    ],
    [
      'a low case and the complaint rate reach medium together',
      { openCaseSeverity: 'low', procedurePatients: 10, procedurePatientsWithCase: 5 },
      'medium',
      ['open_case_low', 'procedure_complaint_rate'],
    ],
  ] as const)('%s: %s', (_name, signals, level, reasons) => {
    expect(patientRisk({ ...calm, ...signals })).toEqual({ level, reasons });
  });
});
