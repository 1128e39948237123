import type { PatientDetail } from '@careloop/contracts/patients';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { PatientPage } from './patient-page';

const laura: PatientDetail = {
  id: 'P-1767225600000',
  name: 'Laura Gómez',
  email: null,
  phone: '+34612345678',
  procedure: 'Dental Implant',
  procedureOriginal: null,
  status: 'red',
  comment: null,
  language: null,
  marketingConsent: null,
  procedureDate: '2026-01-01',
  lastCheck: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  automatedMessagesPaused: null,
};

function showPatient(patient: PatientDetail) {
  stubFetch((request) => {
    if (request.path === `/api/patients/${patient.id}`) return json(patient);
    if (request.path.endsWith('/timeline')) return json({ items: [] });
    if (request.path.endsWith('/aliases')) return json({ aliases: [] });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  renderPage(<PatientPage />, { path: '/patients/:id', url: `/patients/${patient.id}` });
}

describe('PatientPage: automated messages paused', () => {
  it('says so while a clinical case is open', async () => {
    showPatient({ ...laura, automatedMessagesPaused: { reason: 'clinical_case_open', caseId: 'case_1' } });
    expect(await screen.findByText('Automated messages paused: open clinical case')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Action Queue' }).getAttribute('href')).toBe('/cases');
  });

  it('says nothing when they are not paused', async () => {
    showPatient(laura);
    expect(await screen.findByRole('heading', { name: 'Laura Gómez' })).toBeTruthy();
    expect(screen.queryByText('Automated messages paused: open clinical case')).toBeNull();
  });
});
