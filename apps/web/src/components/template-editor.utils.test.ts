import { starterTemplates } from '@careloop/domain/starter-templates';
import { describe, expect, it } from 'vitest';
import {
  blankTemplateDraft,
  canAddTemplateDraft,
  canRemoveTemplateDraft,
  countedTemplates,
  previewTemplate,
  starterTemplateDraft,
  type TemplateDraft,
  toSavedTemplates,
} from './template-editor.utils';

const custom = (name = 'Mine', body = 'Hi'): TemplateDraft => ({ ...blankTemplateDraft('en'), name, body });
const blank = blankTemplateDraft('en');
const [postOp] = starterTemplates;
if (!postOp) throw new Error('starter templates are missing');
const starter = starterTemplateDraft(postOp, 'es');

describe('starterTemplateDraft', () => {
  it('takes name, body and category in the chosen language', () => {
    expect(starter).toEqual({
      name: postOp.text.es.name,
      body: postOp.text.es.body,
      category: 'post_op_care',
      language: 'es',
      channel: 'whatsapp',
    });
  });
});

describe('countedTemplates', () => {
  it.each([
    [[], 0],
    [[blank], 0],
    [[blank, custom()], 1],
    [[custom('', 'body only'), custom('name only', '  ')], 2],
    [[starter, custom(), blank], 2],
  ] as const)('%#: %j -> %i', (drafts, expected) => {
    expect(countedTemplates(drafts)).toBe(expected);
  });
});

describe('canAddTemplateDraft', () => {
  it.each([
    [[], 3, true],
    [[custom(), custom()], 3, true],
    [[custom(), custom(), custom()], 3, false],
    [[custom(), custom(), custom(), blank], 3, false],
    [[custom(), custom(), blank], 3, true],
    [[custom(), custom(), custom(), custom()], -1, true],
    [[], 0, false],
  ] as const)('%#: %j with limit %i -> %s', (drafts, limit, expected) => {
    expect(canAddTemplateDraft(drafts, limit)).toBe(expected);
  });
});

describe('canRemoveTemplateDraft', () => {
  it.each([
    [[custom()], 0, false],
    [[custom(), custom()], 0, true],
    [[custom(), custom()], 1, true],
    [[custom(), starter], 0, false],
    [[custom(), starter], 1, true],
    [[starter], 0, true],
    [[custom()], 5, false],
  ] as const)('%#: index %i', (drafts, index, expected) => {
    expect(canRemoveTemplateDraft(drafts, index)).toBe(expected);
  });
});

describe('previewTemplate', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['Plain text', { kind: 'text', text: 'Plain text' }],
    ['Hi {{ patient_name }}', { kind: 'text', text: 'Hi Maria Lopez' }],
    ['Hi {{nickname}} {{x}} {{nickname}}', { kind: 'unknownVariables', variables: ['nickname', 'x'] }],
  ] as const)('%j', (body, expected) => {
    expect(previewTemplate(body)).toEqual(expected);
  });
});

describe('toSavedTemplates', () => {
  it('trims and drops drafts without a name or a body', () => {
    expect(toSavedTemplates([custom(' A ', ' body '), blank, custom('B', ''), custom('', 'C')])).toEqual([
      custom('A', 'body'),
    ]);
  });
});
