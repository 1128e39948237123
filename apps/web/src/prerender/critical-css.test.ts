import { describe, expect, it } from 'vitest';
import { classNamesIn, criticalCss, withWholeComponents } from './critical-css';

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
