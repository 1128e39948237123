import { directionControlMessage, directionControlTextMessage } from '@careloop/domain/direction-controls';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import en from '../../i18n/en/common.json';
import es from '../../i18n/es/common.json';
import tr from '../../i18n/tr/common.json';
import {
  consentDescription,
  emptyPatientForm,
  formValuesToBody,
  newPatientForm,
  serverFieldErrors,
  toPatientMessage,
  validatePatientForm,
} from './patient-form.utils';

describe('validatePatientForm', () => {
  it.each([
    [{ name: '' }, { name: 'Name required' }],
    [{ name: '   ' }, { name: 'Name required' }],
    [{ name: 'Ana' }, {}],
    [{ name: 'Ana', phone: '+1 415 555 2671', email: 'ana@example.com' }, {}],
    [{ name: 'Ana', phone: '555' }, { phone: 'Please enter a valid phone number' }],
    [{ name: 'Ana', email: 'nope' }, { email: 'Please enter a valid email address' }],
    [
      { name: '', email: 'nope' },
      { name: 'Name required', email: 'Please enter a valid email address' },
    ],
    [{ name: 'Ana \u202ezeuR' }, { name: 'Remove the invisible text-direction characters from this name' }],
  ])('%j gives %j', (values, expected) => {
    const errors = validatePatientForm({ ...emptyPatientForm, ...values });
    expect(Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, m?.message]))).toEqual(
      expected,
    );
  });
});

describe('the procedure date', () => {
  const now = new Date('2026-06-15T22:30:00Z');

  it("starts a new patient's form at today in the clinic's zone", () => {
    expect(newPatientForm('Europe/Istanbul', now).procedureDate).toBe('2026-06-16');
    expect(newPatientForm('America/New_York', now).procedureDate).toBe('2026-06-15');
  });

  it.each([
    ['2026-06-15', undefined],
    ['', undefined],
    ['2027-06-15', undefined],
    ['2027-06-17', 'The procedure date can be at most one year ahead'],
    ['1899-12-31', 'The procedure date must be in 1900 or later'],
    ['2026-02-30', 'Please enter the procedure date as YYYY-MM-DD'],
  ])('%j gives %j', (procedureDate, expected) => {
    const errors = validatePatientForm({ ...emptyPatientForm, name: 'Ana', procedureDate }, 'UTC', now);
    expect(errors.procedureDate?.message).toBe(expected);
  });

  it('is sent when set on add, and on edit only when changed', () => {
    const values = { ...emptyPatientForm, name: 'Ana', procedureDate: '2026-01-01' };
    expect(formValuesToBody(values).procedureDate).toBe('2026-01-01');
    expect(formValuesToBody({ ...values, procedureDate: '' })).not.toHaveProperty('procedureDate');
    const patient = {
      id: 'P-1',
      name: 'Ana',
      email: null,
      phone: null,
      procedure: null,
      procedureOriginal: null,
      status: 'active' as const,
      comment: null,
      language: null,
      marketingConsent: null,
      procedureDate: '2026-01-01',
      lastCheck: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(formValuesToBody(values, patient)).not.toHaveProperty('procedureDate');
    expect(formValuesToBody({ ...values, procedureDate: '2025-12-24' }, patient).procedureDate).toBe(
      '2025-12-24',
    );
  });
});

describe('serverFieldErrors', () => {
  it('keeps form fields only and maps known messages to their keys', () => {
    expect(
      serverFieldErrors([
        { field: 'phone', message: 'Please enter a valid phone number' },
        { field: 'cursor', message: 'x' },
        { field: 'comment', message: 'Too long' },
        'junk',
      ]),
    ).toEqual({
      phone: { key: 'patients.errors.invalidPhone', message: 'Please enter a valid phone number' },
      comment: { key: 'patients.errors.server', message: 'Too long' },
    });
    expect(serverFieldErrors(undefined)).toEqual({});
    expect(toPatientMessage('Name required').key).toBe('patients.errors.nameRequired');
  });

  it('translates the direction-control refusal of a name or an import row', () => {
    const message = toPatientMessage(directionControlMessage.message);
    expect(message.key).toBe('common.errors.directionControl');
    for (const common of [en, es, tr]) expect(common.errors.directionControl).toBeTruthy();
    // A comment refused by the server for the same reason is translated too.
    expect(toPatientMessage(directionControlTextMessage.message).key).toBe(
      'common.errors.directionControlText',
    );
    for (const common of [en, es, tr]) expect(common.errors.directionControlText).toBeTruthy();
  });
});

describe("consentDescription: the consent's day in the reader's language, on the clinic's calendar", () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('patients');
    await i18n.loadLanguages(['es', 'tr']);
  });

  it.each([
    [
      'es',
      'Europe/Istanbul',
      { state: 'granted', at: '2026-03-28T23:30:00.000Z', source: 'import', recordedBy: null },
      'Concedido el 29 mar 2026 (importado)',
    ],
    [
      'tr',
      'Europe/Istanbul',
      { state: 'granted', at: '2026-03-28T23:30:00.000Z', source: 'staff', recordedBy: null },
      '29 Mar 2026 tarihinde verildi (personel kaydetti)',
    ],
    [
      'en',
      'Europe/Madrid',
      { state: 'withdrawn', at: '2026-10-24T22:30:00.000Z', source: 'patient_reply', recordedBy: null },
      "Withdrawn on Oct 25, 2026 (patient's reply)",
    ],
    ['es', 'Europe/Madrid', null, null],
  ] as const)('%s, %s: %j -> %j', (language, timeZone, consent, expected) => {
    const t = i18n.getFixedT(language, 'patients');
    expect(consentDescription(t, consent, language, timeZone)).toBe(
      expected ?? t('form.marketingConsentNone'),
    );
  });
});
