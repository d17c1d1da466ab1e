import { useCallback, useEffect, useState } from 'react';

/** Success notices clear after 3 seconds (spec section 9). */
export const NOTICE_MS = 3000;

/** useNotice holds a success notice that clears itself after NOTICE_MS, and an
 * error that stays until the next action. */
export function useNotice() {
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!success) return;
    const id = window.setTimeout(() => setSuccess(null), NOTICE_MS);
    return () => window.clearTimeout(id);
  }, [success]);
  const succeed = useCallback((text: string) => {
    setError(null);
    setSuccess(text);
  }, []);
  const fail = useCallback((text: string) => {
    setSuccess(null);
    setError(text);
  }, []);
  const clear = useCallback(() => {
    setSuccess(null);
    setError(null);
  }, []);
  return { success, error, succeed, fail, clear };
}
