import { useCallback, useEffect, useRef, useState } from 'react';

/** Success notices vanish after 3 seconds (spec sections 4 and 9). */
export const FLASH_MS = 3000;

/** useFlash holds a notice (its text, or whatever says it) that clears itself
 * after ms, or after the ms given with that one notice (the Smart Builder's
 * stays 5 s). This is the one self-clearing notice of the app: a screen that
 * needs another shape builds on it (see useNotice). */
export function useFlash<T = string>(ms = FLASH_MS): [T | null, (notice: T | null, forMs?: number) => void] {
  const [text, setText] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (next: T | null, forMs?: number) => {
      window.clearTimeout(timer.current);
      setText(next);
      if (next !== null) timer.current = window.setTimeout(() => setText(null), forMs ?? ms);
    },
    [ms],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [text, show];
}

/** Notice is a flash success next to an error that stays until the next action. */
export type Notice = {
  success: string | null;
  error: string | null;
  succeed: (text: string) => void;
  fail: (text: string) => void;
  clear: () => void;
};

/** useNotice pairs a self-clearing success notice with a lasting error, each
 * replacing the other. */
export function useNotice(): Notice {
  const [success, flash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const succeed = useCallback(
    (text: string) => {
      setError(null);
      flash(text);
    },
    [flash],
  );
  const fail = useCallback(
    (text: string) => {
      flash(null);
      setError(text);
    },
    [flash],
  );
  const clear = useCallback(() => {
    flash(null);
    setError(null);
  }, [flash]);
  return { success, error, succeed, fail, clear };
}
