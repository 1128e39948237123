import { describe, expect, it } from 'vitest';
import {
  classNamesIn,
  criticalCss,
  withoutUnreadCustomProperties,
  withWholeComponents,
} from './critical-css';

const css = [
  ':root{--c:red}',
  'body{margin:0}',
  '.m_a{color:var(--c)}',
  '.m_b{color:blue}',
  '.m_a .m_b{color:green}',
  '.m_a:where([data-x]),.m_c{padding:0}',
  '.m_a:where(.m_c){margin:0}',
  '@media (min-width:48em){.m_b{display:none}.m_a{display:block}}',
  '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
].join('');

describe('criticalCss', () => {
  const used = classNamesIn('<div class="m_a  other"><p class="">x</p></div>');

  it('reads the class names of the HTML', () => {
    expect([...used].sort()).toEqual(['m_a', 'other']);
  });

  it('keeps the rules the HTML can use and drops the others', () => {
    const out = criticalCss(css, used);
    expect(out).toContain(':root{--c:red}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.m_a{color:var(--c)}');
    expect(out).not.toContain('.m_b');
    // Only the selectors of a list that can match stay; a :where() class is optional.
    expect(out).toContain('.m_a:where([data-x]){padding:0}');
    expect(out).toContain('.m_a:where(.m_c){margin:0}');
    expect(out).toContain('@media (min-width:48em){.m_a{display:block}}');
    expect(out).toContain('@keyframes spin');
  });

  it('drops an at-rule left empty', () => {
    expect(criticalCss('@media print{.m_z{color:red}}.m_a{color:red}', used)).toBe('.m_a{color:red}');
  });
});

describe('withWholeComponents', () => {
  const components = {
    groups: [
      ['m_button', 'm_button_loader'],
      ['m_slider', 'm_slider_label'],
    ],
    always: ['m_indicator'],
  };

  it('adds every class of a component the HTML shows a part of, and the ones always kept', () => {
    const whole = withWholeComponents(new Set(['m_button', 'own']), components);
    expect([...whole].sort()).toEqual(['m_button', 'm_button_loader', 'm_indicator', 'own']);
  });

  it('adds nothing of a component the HTML does not show', () => {
    expect(withWholeComponents(new Set(['own']), components).has('m_slider_label')).toBe(false);
  });
});

describe('withoutUnreadCustomProperties', () => {
  const sheet = [
    ':root{--size-sm:1px;--size-lg:9px;--brand:teal;--brand-light:var(--brand);--unused-colour:red}',
    '.m_a{padding:var(--size-sm)}',
    '.m_b{--local:var(--size-sm);--local-unread:1px;margin:var(--local)}',
    '@media (min-width:48em){:root{--only-wide:1px}}',
  ].join('');

  it.each([
    ['read by a rule', '--size-sm', true],
    ['read by an inline style of a page, through another property', '--brand', true],
    ['read by an inline style of a page', '--brand-light', true],
    ['defined in a rule and read there', '--local', true],
    ['read by nothing', '--size-lg', false],
    ['read by nothing, though declared where a read one is', '--local-unread', false],
    ['read by nothing, the only declaration of its rule', '--only-wide', false],
    ['read by nothing, in :root', '--unused-colour', false],
  ])('a custom property %s (%s) stays: %s', (_how, name, stays) => {
    const out = withoutUnreadCustomProperties(sheet, ['<div style="--ti-bg:var(--brand-light)"></div>']);
    expect(out.includes(`${name}:`)).toBe(stays);
  });

  it('drops a rule or an at-rule it leaves empty, and keeps the rest as it was', () => {
    const out = withoutUnreadCustomProperties(sheet, []);
    expect(out).not.toContain('@media');
    expect(out).toContain('.m_a{padding:var(--size-sm)}');
  });
});
