import { describe, expect, it } from 'vitest';
import { procedureNameIn } from './procedure-names';

describe('procedure names in the language of the message', () => {
  it.each([
    ['Dental Implant', 'es', 'implante dental'],
    ['Dental Implant', 'tr', 'diş implantı'],
    ['Dental Implant', 'en', 'Dental Implant'],
    ['Hair Transplant', 'es', 'trasplante capilar'],
    ['Hair Transplant', 'tr', 'saç ekimi'],
    ['Plastic Surgery', 'es', 'cirugía plástica'],
    ['Plastic Surgery', 'tr', 'estetik cerrahi'],
    ['PRP Treatment', 'es', 'tratamiento con PRP'],
    ['PRP Treatment', 'tr', 'PRP tedavisi'],
    ['Teeth Whitening', 'es', 'blanqueamiento dental'],
    ['Teeth Whitening', 'tr', 'diş beyazlatma'],
    ['Root Canal', 'es', 'endodoncia'],
    ['Root Canal', 'tr', 'kanal tedavisi'],
    ['Other', 'en', 'treatment'],
    ['Other', 'es', 'tratamiento'],
    ['Other', 'tr', 'tedavi'],
    // As staff typed it: case and spaces do not matter.
    ['  dental implant ', 'es', 'implante dental'],
    // A clinic's own wording is kept as written.
    ['Invisalign', 'es', 'Invisalign'],
    ['Carillas de porcelana', 'tr', 'Carillas de porcelana'],
  ] as const)('%j in %s -> %j', (name, language, expected) => {
    expect(procedureNameIn(name, language)).toBe(expected);
  });
});
