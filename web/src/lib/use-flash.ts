import { useCallback, useEffect, useRef, useState } from 'react';

/** Success notices vanish after 3 seconds (spec sections 4 and 9). */
export const FLASH_MS = 3000;

/** useFlash holds a notice (its text, or whatever says it) that clears itself after ms. */
export function useFlash<T = string>(ms = FLASH_MS): [T | null, (notice: T | null) => void] {
  const [text, setText] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (next: T | null) => {
      window.clearTimeout(timer.current);
      setText(next);
      if (next !== null) timer.current = window.setTimeout(() => setText(null), ms);
    },
    [ms],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [text, show];
}
