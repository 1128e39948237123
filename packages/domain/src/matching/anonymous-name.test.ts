import { describe, expect, it } from 'vitest';
import { isAnonymousName } from './anonymous-name';

describe('isAnonymousName', () => {
  it.each([
    'Customer',
    'A Trustpilot user',
    'Trustpilot User',
    'Verified customer',
    'Anonymous',
    'Guest',
    'Patient',
    'N/A',
    'Cliente',
    'Anónimo',
    'Usuario verificado',
    'Anonim',
    'Müşteri',
    'Google kullanıcısı',
    '   ',
    '',
  ])('%j names nobody', (name) => {
    expect(isAnonymousName(name)).toBe(true);
  });

  it.each(['Linda Mitchell', 'Carmen S', 'reina80', 'Paciente Pérez', 'Hasta Kaya'])(
    '%j is a name',
    (name) => {
      expect(isAnonymousName(name)).toBe(false);
    },
  );
});
