import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInteractions, onFirstInteraction } from './first-interaction';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('onFirstInteraction', () => {
  it.each([
    ['a pointer moving', () => new PointerEvent('pointermove', { bubbles: true })],
    ['a pointer pressed', () => new PointerEvent('pointerdown', { bubbles: true })],
    ['a key', () => new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })],
    ['a touch', () => new Event('touchstart', { bubbles: true })],
    ['a focus', () => new FocusEvent('focusin', { bubbles: true })],
  ])('starts at %s, once', (_name, event) => {
    const act = vi.fn();
    onFirstInteraction(act);
    document.body.dispatchEvent(event());
    document.body.dispatchEvent(event());
    expect(act).toHaveBeenCalledTimes(1);
  });

  it('does not start on a scroll, nor once stopped', () => {
    const act = vi.fn();
    const stop = onFirstInteraction(act);
    window.dispatchEvent(new Event('scroll'));
    stop();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(act).not.toHaveBeenCalled();
  });
});

describe('holdEarlyInteractions', () => {
  it('holds a click on a button and makes it again at replay', () => {
    document.body.innerHTML = '<button type="button">Open</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    const held = holdEarlyInteractions();
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(clicked).not.toHaveBeenCalled();
    expect(early.defaultPrevented).toBe(true);
    held.replay();
    expect(clicked).toHaveBeenCalledTimes(1);
    // Replayed once, and no longer held.
    button.click();
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('leaves a click on a link to the browser', () => {
    document.body.innerHTML = '<a href="/pricing"><span>Pricing</span></a>';
    const held = holdEarlyInteractions();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('span')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    held.release();
  });

  it('tells a field of the value typed before the page was live', () => {
    document.body.innerHTML = '<input value="100">';
    const field = document.querySelector('input') as HTMLInputElement;
    const held = holdEarlyInteractions();
    field.value = '2000';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(field.value));
    held.replay();
    expect(seen).toEqual(['2000']);
    expect(field.value).toBe('2000');
  });

  it('says nothing of a field left as it was rendered, and drops what it held once released', () => {
    document.body.innerHTML = '<input value="100"><button type="button">Open</button>';
    const field = document.querySelector('input') as HTMLInputElement;
    const button = document.querySelector('button') as HTMLButtonElement;
    const held = holdEarlyInteractions();
    field.dispatchEvent(new Event('input', { bubbles: true }));
    button.click();
    const seen = vi.fn();
    field.addEventListener('input', seen);
    button.addEventListener('click', seen);
    held.release();
    held.replay();
    expect(seen).not.toHaveBeenCalled();
  });
});
