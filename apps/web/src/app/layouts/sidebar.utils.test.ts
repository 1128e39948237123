import { describe, expect, it } from 'vitest';
import {
  isSidebarShortcut,
  readSidebarState,
  serializeSidebarState,
  sidebarCookieMaxAgeSeconds,
  writeSidebarState,
} from './sidebar.utils';

describe('sidebar cookie', () => {
  it('lasts 7 days', () => {
    expect(sidebarCookieMaxAgeSeconds).toBe(604800);
  });

  it.each([
    ['', undefined],
    ['sidebar_state=true', true],
    ['sidebar_state=false', false],
    ['theme=dark; sidebar_state=false; lang=es', false],
    ['  sidebar_state = true ', true],
    ['sidebar_state=maybe', undefined],
    ['sidebar_state_old=true', undefined],
    ['other=1', undefined],
  ])('reads %j as %j', (cookie, expected) => {
    expect(readSidebarState(cookie)).toBe(expected);
  });

  it.each([
    [true, 'sidebar_state=true; path=/; max-age=604800; SameSite=Lax'],
    [false, 'sidebar_state=false; path=/; max-age=604800; SameSite=Lax'],
  ])('writes %j as %j', (isOpen, expected) => {
    expect(serializeSidebarState(isOpen)).toBe(expected);
  });

  it.each([true, false])('reads back what it wrote (%j)', (isOpen) => {
    const target = { cookie: '' };
    writeSidebarState(isOpen, target);
    expect(readSidebarState(target.cookie)).toBe(isOpen);
  });
});

describe('isSidebarShortcut', () => {
  const key = (change: Partial<KeyboardEvent>) => ({
    key: 'b',
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...change,
  });

  it.each([
    [{ ctrlKey: true }, true],
    [{ metaKey: true }, true],
    [{ ctrlKey: true, key: 'B' }, true],
    [{}, false],
    [{ ctrlKey: true, shiftKey: true }, false],
    [{ metaKey: true, altKey: true }, false],
    [{ ctrlKey: true, key: 'n' }, false],
  ])('%j -> %j', (change, expected) => {
    expect(isSidebarShortcut(key(change))).toBe(expected);
  });
});
