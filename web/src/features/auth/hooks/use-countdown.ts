import { useCallback, useEffect, useState } from 'react';

/** useCountdown counts whole seconds down to zero, ticking each second.
 * It follows the clock, so a busy or hidden tab does not slow it. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void; reset: () => void } {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt === null) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= endAt) setEndAt(null);
    }, 1000);
    return () => window.clearInterval(id);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const n = Date.now();
    setNow(n);
    setEndAt(n + seconds * 1000);
  }, []);
  const reset = useCallback(() => setEndAt(null), []);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return { remaining, start, reset };
}
