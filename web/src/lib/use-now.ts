import { useEffect, useState } from 'react';

/** useNow is the current time in Unix milliseconds, refreshed every
 * intervalMs, for screens whose buttons and labels depend on the clock
 * (a class's join window, which times are past). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
