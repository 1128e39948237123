import { describe, expect, it } from 'vitest';
import { clinicProcedureList } from '../clinic-procedures';
import { directionControlMessage } from '../direction-controls';
import { proposeMapping, targetForHeader } from './header-words';
import { dateOrderFor, readImportDate } from './import-dates';
import { importRegionFor } from './import-region';
import { consentFromText, languageFromText, procedureFromText, statusFromText } from './import-values';
import { readImportRow } from './read-import-row';

describe('header words', () => {
  it.each([
    ['Nombre', 'given_name'],
    ['Apellidos', 'family_name'],
    ['Teléfono', 'phone'],
    ['Móvil', 'phone'],
    ['TELÉFONO MÓVIL', 'phone'],
    ['Email', 'email'],
    ['Correo electrónico', 'email'],
    ['Fecha tratamiento', 'procedure_date'],
    ['Tratamiento', 'procedure'],
    ['Ad', 'given_name'],
    ['Soyad', 'family_name'],
    ['SOYADI', 'family_name'],
    ['Cep Telefonu', 'phone'],
    ['İşlem Tarihi', 'procedure_date'],
    ['Tarih', 'procedure_date'],
    ['procedure_date', 'procedure_date'],
    ['First Name', 'given_name'],
    ['Phone number', 'phone'],
    ['Idioma', 'language'],
    ['Consentimiento marketing', 'marketing_consent'],
    ['Pazarlama izni', 'marketing_consent'],
    ['Customer ref', null],
  ] as const)('%s -> %s', (header, target) => {
    expect(targetForHeader(header)).toBe(target);
  });

  it('proposes given + family names, one column per target, ignoring unknown columns', () => {
    expect(proposeMapping(['Nombre', 'Apellidos', 'Teléfono', 'Móvil', 'Ref'])).toEqual([
      'given_name',
      'family_name',
      'phone',
      null,
      null,
    ]);
  });

  it('reads a lone given-name column as the whole name', () => {
    expect(proposeMapping(['Nombre', 'Email'])).toEqual(['name', 'email']);
  });

  it("keeps a clinic's remembered choice for a header over the words", () => {
    expect(proposeMapping(['Nombre', 'Móvil', 'Ref'], { movil: null, ref: 'comment' })).toEqual([
      'name',
      null,
      'comment',
    ]);
  });
});

describe('dates as clinics write them', () => {
  it.each([
    ['15/03/2026', 'dmy', '2026-03-15', false],
    ['03/15/2026', 'mdy', '2026-03-15', false],
    ['04/05/2026', 'dmy', '2026-05-04', true],
    ['04/05/2026', 'mdy', '2026-04-05', true],
    ['05/05/2026', 'dmy', '2026-05-05', false],
    ['15.03.2026', 'dmy', '2026-03-15', false],
    ['1-2-26', 'dmy', '2026-02-01', true],
    ['2026-03-15', 'mdy', '2026-03-15', false],
    ['2026-03-15T10:30:00Z', 'dmy', '2026-03-15', false],
    ['15/03/2026 10:30', 'dmy', '2026-03-15', false],
  ] as const)('%s (%s) -> %s, ambiguous %s', (text, order, isoDate, ambiguous) => {
    expect(readImportDate(text, order)).toEqual({ ok: true, isoDate, ambiguous });
  });

  it.each([
    ['15/03/2026', 'mdy', 'calendar'],
    ['31/02/2026', 'dmy', 'calendar'],
    ['2026-13-01', 'dmy', 'calendar'],
    ['March 15', 'dmy', 'format'],
    ['15/03', 'dmy', 'format'],
  ] as const)('%s (%s) is refused (%s)', (text, order, reason) => {
    expect(readImportDate(text, order)).toEqual({ ok: false, reason });
  });

  it.each([
    ['US', 'mdy'],
    ['ES', 'dmy'],
    ['TR', 'dmy'],
    [null, 'dmy'],
  ] as const)('a clinic in %s writes %s', (country, order) => {
    expect(dateOrderFor(country)).toBe(order);
  });
});

describe('the region of national phone numbers', () => {
  it.each([
    [{ country: 'ES', timeZone: 'UTC', defaultLanguage: 'en' }, 'ES'],
    [{ country: null, timeZone: 'Europe/Istanbul', defaultLanguage: 'en' }, 'TR'],
    [{ country: null, timeZone: 'America/Chicago', defaultLanguage: 'en' }, 'US'],
    [{ country: null, timeZone: 'UTC', defaultLanguage: 'es' }, 'ES'],
    [{ country: null, timeZone: 'UTC', defaultLanguage: 'tr' }, 'TR'],
    [{ country: null, timeZone: 'UTC', defaultLanguage: 'en' }, 'US'],
  ])('%o -> %s', (clinic, region) => {
    expect(importRegionFor(clinic)).toBe(region);
  });
});

describe('values in en, es and tr', () => {
  it.each([
    ['Trasplante capilar', 'Hair Transplant'],
    ['saç ekimi', 'Hair Transplant'],
    ['SAC EKIMI', 'Hair Transplant'],
    ['Implante dental', 'Dental Implant'],
    ['Diş İmplantı', 'Dental Implant'],
    ['Blanqueamiento dental', 'Teeth Whitening'],
    ['Kanal tedavisi', 'Root Canal'],
    ['root canal', 'Root Canal'],
    ['Facelift', undefined],
  ])('procedure %s -> %s', (text, procedure) => {
    expect(procedureFromText(text)).toBe(procedure);
  });

  it.each([
    ['activo', statusFromText, 'active'],
    ['Tamamlandı', statusFromText, 'completed'],
    ['Crítico', statusFromText, 'red'],
    ['Español', languageFromText, 'es'],
    ['Türkçe', languageFromText, 'tr'],
    ['EN', languageFromText, 'en'],
    ['Sí', consentFromText, 'granted'],
    ['Hayır', consentFromText, 'withdrawn'],
    ['maybe', consentFromText, undefined],
  ] as const)('%s -> %s', (text, read, value) => {
    expect((read as (text: string) => string | undefined)(text)).toBe(value);
  });
});

describe('one row', () => {
  const spain = { region: 'ES', dateOrder: 'dmy' } as const;
  const mapping = ['given_name', 'family_name', 'phone', 'email', 'procedure_date', 'procedure'] as const;

  it('joins names, writes the phone in E.164 and reads the date day first', () => {
    const result = readImportRow(
      ['María', 'García López', '612 34 56 78', 'maria@example.es', '04/05/2026', 'Implante dental'],
      [...mapping],
      spain,
    );
    expect(result).toEqual({
      ok: true,
      patient: {
        fields: expect.objectContaining({
          name: 'María García López',
          phone: '+34612345678',
          email: 'maria@example.es',
          procedure: 'Dental Implant',
        }),
        procedureOriginal: null,
        procedureDate: '2026-05-04',
        ambiguousDate: '04/05/2026',
        language: null,
        marketingConsent: null,
      },
    });
  });

  it('lists every problem of a bad row', () => {
    const result = readImportRow(
      ['', '', '12', 'not-an-email', '32/01/2026', 'Facelift'],
      [...mapping],
      spain,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field).sort()).toEqual(
      ['email', 'name', 'phone', 'procedure_date'].sort(),
    );
  });

  it.each([
    ['Facelift', {}, 'Other', 'Facelift'],
    ['Ortodoncia', {}, 'Ortodoncia', null],
    ['implante dental', {}, 'Dental Implant', null],
    ['Limpieza', { Limpieza: 'Ortodoncia' }, 'Ortodoncia', null],
  ])(
    'reads the procedure %j with the clinic’s list (staff mapping %j) as %j',
    (text, procedureMapping, key, original) => {
      const procedures = clinicProcedureList([
        { key: 'Ortodoncia', nameEn: null, nameEs: 'Ortodoncia', nameTr: null, archivedAt: null },
      ]);
      const result = readImportRow(['Ana', 'Ruiz', '', '', '', text], [...mapping], {
        ...spain,
        procedures,
        procedureMapping,
      });
      expect(result.ok && result.patient.fields.procedure).toBe(key);
      expect(result.ok && result.patient.procedureOriginal).toBe(original);
    },
  );

  it('reports a name disguised by a direction override as a problem of the row', () => {
    const result = readImportRow(['Ana', '\u202ezeuR', '', '', '', ''], [...mapping], spain);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'name', message: directionControlMessage.message }],
    });
  });
});
