import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { teachersQueryKey, type Teacher, type TeacherList } from '@/lib/api/teachers';

/** setSaved is POST (save) or DELETE (unsave) /api/teachers/{id}/save/. */
export function setSaved(id: number, saved: boolean): Promise<unknown> {
  const params = { params: { path: { id } } };
  return request(saved ? api.POST('/api/teachers/{id}/save/', params) : api.DELETE('/api/teachers/{id}/save/', params));
}

/** withSaved is a cached teacher answer (a list page, or the main-site
 * link's one teacher) with teacher id marked saved or not. */
export function withSaved<T extends TeacherList | Teacher | null | undefined>(data: T, id: number, saved: boolean): T {
  const mark = (t: Teacher) => (t.id === id ? { ...t, saved } : t);
  if (!data) return data;
  if ('results' in data) return { ...data, results: data.results.map(mark) };
  return mark(data) as T;
}

type Vars = { id: number; saved: boolean };

/** useSaveTeacher saves or unsaves a teacher: every card of them shows it at
 * once, and goes back if the server refuses. Afterwards the lists are read
 * again, so the saved filter gains or loses the teacher. */
export function useSaveTeacher() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, Vars, Array<[QueryKey, unknown]>>({
    mutationFn: ({ id, saved }) => setSaved(id, saved),
    onMutate: async ({ id, saved }) => {
      await queryClient.cancelQueries({ queryKey: teachersQueryKey });
      const before = queryClient.getQueriesData({ queryKey: teachersQueryKey });
      queryClient.setQueriesData<TeacherList | Teacher | null>({ queryKey: teachersQueryKey }, (d) => withSaved(d, id, saved));
      return before;
    },
    onError: (_err, _vars, before) => {
      for (const [key, data] of before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teachersQueryKey }),
  });
}
