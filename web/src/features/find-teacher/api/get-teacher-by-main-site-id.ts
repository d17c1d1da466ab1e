import { useQuery } from '@tanstack/react-query';
import { listTeachers, teachersQueryKey, type Teacher } from '@/lib/api/teachers';

/** pickDeepLinked chooses, among the teachers the server matched with id, the
 * one the main site means: its main-site id (wp_teacher_id) first, then its id
 * (which is also its user id, docs/decisions.md). */
export function pickDeepLinked(results: readonly Teacher[], id: string): Teacher | null {
  const want = id.trim();
  if (!want) return null;
  return (
    results.find((t) => t.wp_teacher_id !== '' && t.wp_teacher_id === want) ??
    results.find((t) => String(t.id) === want || String(t.user.id) === want) ??
    null
  );
}

/** getTeacherByMainSiteId asks the list for the teacher a main-site link names
 * (GET /api/teachers/list/?id=), or null when there is none. */
export async function getTeacherByMainSiteId(id: string, tz: string, signal?: AbortSignal): Promise<Teacher | null> {
  const list = await listTeachers({ id, tz, page_size: 5 }, signal);
  return pickDeepLinked(list.results, id);
}

export function useTeacherByMainSiteId(id: string | null, tz: string) {
  return useQuery({
    queryKey: [...teachersQueryKey, 'main-site', id, tz],
    queryFn: ({ signal }) => getTeacherByMainSiteId(id!, tz, signal),
    enabled: id !== null,
  });
}
