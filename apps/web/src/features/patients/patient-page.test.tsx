import type { MeResponse } from '@careloop/contracts';
import type { PatientDetail, TimelineItem } from '@careloop/contracts/patients';
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
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

function showPatient(patient: PatientDetail, items: TimelineItem[] = [], me?: MeResponse) {
  stubFetch((request) => {
    if (request.path === `/api/patients/${patient.id}`) return json(patient);
    if (request.path === '/api/me' && me) return json(me);
    if (request.path.endsWith('/timeline')) return json({ patientId: patient.id, items });
    if (request.path.endsWith('/aliases')) return json({ items: [] });
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

const message = (channel: string): TimelineItem => ({
  kind: 'message',
  id: `msg_${channel}`,
  // 23:30 UTC on 28 March: already 29 March, 02:30, in Istanbul.
  at: '2026-03-28T23:30:00.000Z',
  channel,
  messageKind: 'followup',
  deliveryStatus: 'delivered',
  content: 'Hola Laura',
  responseContent: null,
});

describe("PatientPage: the timeline's messages", () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it.each([
    ['es', 'whatsapp', 'Mensaje por WhatsApp', '29 mar 2026, 2:30'],
    ['tr', 'email', 'E-posta mesajı', '29 Mar 2026 02:30'],
    ['en', 'sms', 'Message by SMS', 'Mar 29, 2026, 2:30 AM'],
  ])(
    "%s: a %s message is named as the conversations name it, at the clinic's time",
    async (language, channel, title, time) => {
      await changeLanguage(language as 'es' | 'tr' | 'en');
      await i18n.loadNamespaces(['patients', 'conversations']);
      showPatient(laura, [message(channel)], meAnswer({ clinic: { timeZone: 'Europe/Istanbul' } }));
      expect(await screen.findByText(title)).toBeTruthy();
      expect(await screen.findByText(time)).toBeTruthy();
    },
  );
});
