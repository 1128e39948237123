import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleSignOut } from './use-idle-sign-out';

describe('useIdleSignOut', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes the app after the idle time without activity, not before', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(10, { onIdle, keepAlive: vi.fn() }));
    act(() => vi.advanceTimersByTime(9 * 60_000 + 45_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(onIdle).toHaveBeenCalled();
  });

  it('a key press starts the idle time again, and long reading tells the server every 5 minutes', () => {
    const onIdle = vi.fn();
    const keepAlive = vi.fn();
    renderHook(() => useIdleSignOut(10, { onIdle, keepAlive }));
    for (let minute = 0; minute < 12; minute += 1) {
      act(() => vi.advanceTimersByTime(60_000));
      act(() => void window.dispatchEvent(new KeyboardEvent('keydown')));
    }
    expect(onIdle).not.toHaveBeenCalled();
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });

  it('does nothing before the clinic’s idle time is known', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(undefined, { onIdle, keepAlive: vi.fn() }));
    act(() => vi.advanceTimersByTime(24 * 60 * 60_000));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
