import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findTemplateVariables,
  findUnknownTemplateVariables,
  renderTemplate,
  TemplateRenderError,
  templateVariables,
} from './template-render';

const values = {
  patient_name: 'Ada',
  procedure: 'Dental Implant',
  clinic_name: 'Smile Clinic',
  appointment_time: '10:00',
  appointment_type: 'check-up',
};

describe('renderTemplate', () => {
  it.each([
    ['Hi {{patient_name}}, how is your {{procedure}}?', 'Hi Ada, how is your Dental Implant?'],
    ['{{ clinic_name }}: {{appointment_type}} at {{appointment_time}}', 'Smile Clinic: check-up at 10:00'],
    ['{{patient_name}} {{patient_name}}', 'Ada Ada'],
    ['No placeholders', 'No placeholders'],
    ['', ''],
    [
      'Braces { {patient_name} } and {{patient name}} stay',
      'Braces { {patient_name} } and {{patient name}} stay',
    ],
  ])('%j -> %j', (body, expected) => {
    expect(renderTemplate(body, values)).toBe(expected);
  });

  it('does not expand placeholders inside values', () => {
    expect(renderTemplate('Hi {{patient_name}}', { patient_name: '{{clinic_name}}' })).toBe(
      'Hi {{clinic_name}}',
    );
  });

  it.each([
    [
      'Hi {{first_name}} from {{Clinic_Name}} and {{first_name}}',
      ['first_name', 'Clinic_Name'],
      [],
      'Cannot render template: unknown variables {{first_name}}, {{Clinic_Name}} (allowed: {{patient_name}}, {{procedure}}, {{clinic_name}}, {{appointment_time}}, {{appointment_type}})',
    ],
    [
      'Hi {{patient_name}}, about {{procedure}}',
      [],
      ['procedure'],
      'Cannot render template: no value for {{procedure}}',
    ],
    [
      '{{x}} {{procedure}}',
      ['x'],
      ['procedure'],
      'Cannot render template: unknown variable {{x}} (allowed: {{patient_name}}, {{procedure}}, {{clinic_name}}, {{appointment_time}}, {{appointment_type}}); no value for {{procedure}}',
    ],
  ] as const)('rejects %j', (body, unknown, missing, message) => {
    const partial = { patient_name: 'Ada' };
    let error: unknown;
    try {
      renderTemplate(body, partial);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateRenderError);
    expect(error).toMatchObject({ unknownVariables: unknown, missingVariables: missing, message });
  });

  it('leaves no allowed placeholder behind when every value is given', () => {
    const piece = fc.oneof(
      fc.constantFrom(...templateVariables).map((name) => `{{${name}}}`),
      fc.string({ maxLength: 10 }).filter((text) => !text.includes('{') && !text.includes('}')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const rendered = renderTemplate(pieces.join(''), values);
        expect(findTemplateVariables(rendered)).toEqual([]);
      }),
    );
  });
});

describe('finding variables', () => {
  it.each([
    ['Hi {{patient_name}} {{ foo }} {{patient_name}}', ['patient_name', 'foo'], ['foo']],
    ['plain', [], []],
  ])('%j', (body, used, unknown) => {
    expect(findTemplateVariables(body)).toEqual(used);
    expect(findUnknownTemplateVariables(body)).toEqual(unknown);
  });
});
