import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

// The query clients (one a tab) whose first reads are in.
const done = new WeakSet<QueryClient>();

/** useAfterFirstReads is false until the screen's first reads are in and
 * painted, then true for good (for every caller). The signed-in area's live
 * parts (the notification bell, unread messages, the progress card, the
 * event stream) wait for it: on a phone their code and requests would
 * otherwise come before the screen's own content (docs/performance.md,
 * "Lighthouse"). */
export function useAfterFirstReads(): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(() => done.has(queryClient));
  useEffect(() => {
    if (ready) return;
    let frame = 0;
    let cancelIdle = () => {};
    const check = () => {
      cancelAnimationFrame(frame);
      cancelIdle();
      if (queryClient.isFetching() > 0) return;
      // A frame, then an idle moment: the browser paints what the reads
      // brought first, and the screen renders them, in a transition too.
      frame = requestAnimationFrame(() => {
        cancelIdle = whenIdle(() => {
          if (queryClient.isFetching() > 0) return;
          done.add(queryClient);
          setReady(true);
        });
      });
    };
    // Effects run children first: the screen's reads have started by now.
    check();
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [queryClient, ready]);
  return ready;
}

/** whenIdle calls callback when the browser is next idle (a task later where
 * it cannot tell), and returns what cancels it. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback);
  return () => window.clearTimeout(id);
}
