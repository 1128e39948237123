import { afterEach, describe, expect, it } from 'vitest';
import { applyFullStyles, applyFullStylesOnFirstInteraction } from './full-styles';

/** The whole sheet as a pre-rendered page links it, beside its small one. */
function linkSheets() {
  document.head.insertAdjacentHTML(
    'beforeend',
    // No href: the test is about which sheet applies, not about fetching it.
    '<link rel="stylesheet" id="small"><link rel="stylesheet" media="print" data-full-styles id="full">',
  );
  const media = (id: string) => document.getElementById(id)?.getAttribute('media') ?? null;
  return { full: () => media('full'), small: () => media('small') };
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('applyFullStyles', () => {
  it('switches the whole sheet on and leaves the small one as it is', () => {
    const sheets = linkSheets();
    applyFullStyles();
    expect(sheets.full()).toBe('all');
    expect(sheets.small()).toBe(null);
  });
});

describe('applyFullStylesOnFirstInteraction', () => {
  it.each([
    ['a key', () => new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })],
    ['a tap', () => new PointerEvent('pointerdown', { bubbles: true })],
    ['a pointer moving over the page', () => new PointerEvent('pointermove', { bubbles: true })],
    ['a focus', () => new FocusEvent('focusin', { bubbles: true })],
    ['a move back in the history', () => new PopStateEvent('popstate')],
  ])('keeps the whole sheet off until %s', (_name, event) => {
    const sheets = linkSheets();
    const stop = applyFullStylesOnFirstInteraction(window);
    expect(sheets.full()).toBe('print');
    const target = event().type === 'popstate' ? window : document.body;
    target.dispatchEvent(event());
    expect(sheets.full()).toBe('all');
    stop();
  });

  it('stops listening once stopped', () => {
    const sheets = linkSheets();
    applyFullStylesOnFirstInteraction(window)();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(sheets.full()).toBe('print');
  });
});
