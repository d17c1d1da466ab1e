import { useEffect, useRef, type RefObject } from 'react';
import { useFlash } from '@/lib/use-flash';
import { useTeacherByMainSiteId } from '../api/get-teacher-by-main-site-id';
import type { Teacher } from '@/lib/api/teachers';

// Spec section 9: after a main-site teacher is found, the page scrolls to it
// after 0.5 s, the booking dialog opens after 1 s, and the notice clears after 5 s.
export const DEEP_LINK_SCROLL_MS = 500;
export const DEEP_LINK_OPEN_MS = 1000;
export const DEEP_LINK_NOTICE_MS = 5000;

/** mainSiteIdOf is the main-site teacher id a link carries: `?id=` first, then
 * the path's teacherId; null when there is none. */
export function mainSiteIdOf(teacherId: string | undefined, params: URLSearchParams): string | null {
  const id = (params.get('id') ?? teacherId ?? '').trim();
  return id === '' ? null : id;
}

export type DeepLinkStatus = 'none' | 'loading' | 'found' | 'notFound' | 'error';

export type DeepLink = {
  status: DeepLinkStatus;
  teacher: Teacher | null;
  /** Whether the success notice shows (its first 5 seconds). */
  notice: boolean;
  error: unknown;
  retry: () => void;
};

/** useDeepLink finds the teacher a main-site link names and, once found,
 * scrolls its card (cardRef) into view and opens the booking dialog (onOpen). */
export function useDeepLink(
  id: string | null,
  tz: string,
  cardRef: RefObject<HTMLElement | null>,
  onOpen: (teacher: Teacher) => void,
): DeepLink {
  const query = useTeacherByMainSiteId(id, tz);
  const teacher = query.data ?? null;
  const [noticeFor, showNoticeFor] = useFlash<number>(DEEP_LINK_NOTICE_MS);
  // The latest onOpen and teacher, read by the timers without restarting them.
  const latest = useRef({ onOpen, teacher });
  latest.current = { onOpen, teacher };

  const foundId = teacher?.id ?? null;
  useEffect(() => {
    if (foundId === null) return;
    showNoticeFor(foundId);
    const timers = [
      window.setTimeout(() => cardRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' }), DEEP_LINK_SCROLL_MS),
      window.setTimeout(() => {
        const t = latest.current.teacher;
        if (t) latest.current.onOpen(t);
      }, DEEP_LINK_OPEN_MS),
    ];
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [foundId, cardRef, showNoticeFor]);

  let status: DeepLinkStatus = 'none';
  if (id !== null) {
    if (query.isPending) status = 'loading';
    else if (query.isError) status = 'error';
    else status = teacher ? 'found' : 'notFound';
  }
  return {
    status,
    teacher,
    notice: foundId !== null && noticeFor === foundId,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
