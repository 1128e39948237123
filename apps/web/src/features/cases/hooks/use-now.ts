import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so badges like Due Soon turn Overdue on screen. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
