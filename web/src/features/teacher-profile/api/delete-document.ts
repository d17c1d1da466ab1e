import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { teacherProfileKey, type TeacherProfile } from '@/lib/api/teacher-profile';

/** deleteDocument removes one of the teacher's documents (DELETE /api/teacher/documents/{id}/). */
export function deleteDocument(id: number): Promise<unknown> {
  return request(api.DELETE('/api/teacher/documents/{id}/', { params: { path: { id } } }));
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<TeacherProfile>(teacherProfileKey, (p) =>
        p ? { ...p, documents: p.documents.filter((d) => d.id !== id) } : p,
      );
    },
  });
}
