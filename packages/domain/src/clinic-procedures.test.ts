import { describe, expect, it } from 'vitest';
import {
  clinicProcedureList,
  defaultClinicProcedures,
  importedProcedure,
  procedureKeyFromText,
  procedureLabel,
  procedureNamesProblem,
  type StoredClinicProcedure,
} from './clinic-procedures';

const stored = (row: Partial<StoredClinicProcedure> & { key: string }): StoredClinicProcedure => ({
  nameEn: null,
  nameEs: null,
  nameTr: null,
  archivedAt: null,
  ...row,
});

const list = clinicProcedureList([
  stored({ key: 'Ortodoncia', nameEs: 'Ortodoncia', nameEn: 'Orthodontics' }),
  stored({ key: 'Limpieza', nameEs: 'Limpieza' }),
  stored({ key: 'Teeth Whitening', archivedAt: new Date('2026-01-01T00:00:00Z') }),
  stored({ key: 'Root Canal', nameEs: 'Tratamiento de conductos' }),
]);

describe('clinicProcedureList', () => {
  it('keeps the seven defaults first, then the clinic’s own', () => {
    expect(defaultClinicProcedures).toHaveLength(7);
    expect(list.map((p) => p.key)).toEqual([
      'Hair Transplant',
      'Dental Implant',
      'Plastic Surgery',
      'PRP Treatment',
      'Teeth Whitening',
      'Root Canal',
      'Other',
      'Ortodoncia',
      'Limpieza',
    ]);
    expect(list.find((p) => p.key === 'Teeth Whitening')?.archived).toBe(true);
    expect(list.find((p) => p.key === 'Ortodoncia')?.builtIn).toBe(false);
  });
});

describe('procedureLabel', () => {
  it.each([
    ['Root Canal', 'es', 'Tratamiento de conductos'],
    ['Root Canal', 'tr', 'Kanal tedavisi'],
    ['Root Canal', 'en', 'Root Canal'],
    ['Limpieza', 'en', 'Limpieza'],
    ['Ortodoncia', 'en', 'Orthodontics'],
    ['Other', 'es', 'Otro'],
  ] as const)('%s in %s reads %s', (key, language, label) => {
    const procedure = list.find((p) => p.key === key);
    expect(procedure && procedureLabel(procedure, language)).toBe(label);
  });
});

describe('procedureKeyFromText', () => {
  it.each([
    ['Ortodoncia', 'Ortodoncia'],
    ['  ortodóncia ', 'Ortodoncia'],
    ['Orthodontics', 'Ortodoncia'],
    ['LIMPIEZA', 'Limpieza'],
    ['Dental Implant', 'Dental Implant'],
    ['implante dental', 'Dental Implant'],
    ['Tratamiento de conductos', 'Root Canal'],
    ['endodoncia', 'Root Canal'],
    ['saç ekimi', 'Hair Transplant'],
    ['otro', 'Other'],
    ['Teeth Whitening', undefined],
    ['blanqueamiento', undefined],
    ['Carillas', undefined],
    ['', undefined],
  ])('%j -> %j', (text, key) => {
    expect(procedureKeyFromText(list, text)).toBe(key);
  });
});

describe('importedProcedure', () => {
  it.each([
    ['Ortodoncia', {}, { key: 'Ortodoncia', original: null }],
    ['Carillas', {}, { key: 'Other', original: 'Carillas' }],
    [' Carillas ', {}, { key: 'Other', original: 'Carillas' }],
    ['Carillas', { Carillas: 'Limpieza' }, { key: 'Limpieza', original: null }],
    ['Carillas', { Carillas: 'limpieza' }, { key: 'Limpieza', original: null }],
    ['Carillas', { Carillas: 'Other' }, { key: 'Other', original: 'Carillas' }],
    ['Carillas', { Carillas: 'Not a procedure' }, { key: 'Other', original: 'Carillas' }],
    ['Blanqueamiento', {}, { key: 'Other', original: 'Blanqueamiento' }],
  ])('%j with %j', (text, mapping, expected) => {
    expect(importedProcedure(list, text, mapping)).toEqual(expected);
  });
});

describe('procedureNamesProblem', () => {
  it.each([
    [{ es: 'Carillas' }, null, null],
    [{ es: '  ' }, null, 'procedures.errors.nameRequired'],
    [{ en: 'x'.repeat(101) }, null, 'procedures.errors.nameTooLong'],
    [{ es: 'ortodoncia' }, null, 'procedures.errors.nameTaken'],
    [{ tr: 'Diş implantı' }, null, 'procedures.errors.nameTaken'],
    [{ es: 'Ortodoncia', en: 'Braces' }, 'Ortodoncia', null],
    [{ es: 'Ana \u202Ex' }, null, 'common.errors.directionControl'],
  ] as const)('%j (renaming %j) -> %j', (names, key, problem) => {
    expect(procedureNamesProblem(list, names, key)?.key ?? null).toBe(problem);
  });
});
