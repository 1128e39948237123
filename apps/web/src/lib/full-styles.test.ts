import { afterEach, describe, expect, it } from 'vitest';
import { applyFullStyles, applyFullStylesOnFirstInteraction } from './full-styles';

/** The whole sheet as a pre-rendered page links it, beside its small one. */
function linkSheets() {
  document.head.insertAdjacentHTML(
    'beforeend',
    // No href: the test is about which sheet applies, not about fetching it.
    '<link rel="stylesheet" id="small"><link rel="prefetch" as="style" data-full-styles id="full">',
  );
  // What the sheet applies to: none while it is only a prefetch.
  const appliesTo = (id: string) => {
    const link = document.getElementById(id);
    return link?.getAttribute('rel') === 'stylesheet' ? (link.getAttribute('media') ?? 'all') : 'none';
  };
  return { full: () => appliesTo('full'), small: () => appliesTo('small') };
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('applyFullStyles', () => {
  it('switches the whole sheet on and leaves the small one as it is', () => {
    const sheets = linkSheets();
    applyFullStyles();
    expect(sheets.full()).toBe('all');
    expect(sheets.small()).toBe('all');
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
    expect(sheets.full()).toBe('none');
    const target = event().type === 'popstate' ? window : document.body;
    target.dispatchEvent(event());
    expect(sheets.full()).toBe('all');
    stop();
  });

  it('stops listening once stopped', () => {
    const sheets = linkSheets();
    applyFullStylesOnFirstInteraction(window)();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(sheets.full()).toBe('none');
  });
});
