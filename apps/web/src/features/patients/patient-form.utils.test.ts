import { directionControlMessage, directionControlTextMessage } from '@careloop/domain/direction-controls';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/common.json';
import es from '../../i18n/es/common.json';
import tr from '../../i18n/tr/common.json';
import {
  emptyPatientForm,
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
