import { useEffect, useRef } from 'react';

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const checkEveryMs = 15_000;
/** Activity without requests (reading, scrolling) tells the server at most this often. */
const keepAliveEveryMs = 5 * 60_000;

/**
 * Automatic sign-out in the browser: after `minutes` without a key, click, touch or scroll the page
 * closes itself (the server ends the session at the same idle time on its next request). Activity
 * without requests is reported to the server now and then through `keepAlive`, so that a member
 * reading a long page is not signed out by the server while the page thinks them active.
 */
export function useIdleSignOut(
  minutes: number | undefined,
  handlers: { onIdle: () => void; keepAlive: () => void },
  now: () => number = Date.now,
) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!minutes) return;
    let lastActivity = now();
    let lastKeepAlive = now();
    const markActive = () => {
      lastActivity = now();
      if (lastActivity - lastKeepAlive >= keepAliveEveryMs) {
        lastKeepAlive = lastActivity;
        handlersRef.current.keepAlive();
      }
    };
    for (const name of activityEvents) window.addEventListener(name, markActive, { passive: true });
    const timer = window.setInterval(() => {
      if (now() - lastActivity > minutes * 60_000) handlersRef.current.onIdle();
    }, checkEveryMs);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, markActive);
      window.clearInterval(timer);
    };
  }, [minutes, now]);
}
