import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { materialsQueryKey } from './get-materials';

/** deleteMaterial removes one's own material and its file (DELETE /api/materials/{id}/). */
export async function deleteMaterial(id: number): Promise<void> {
  await request(api.DELETE('/api/materials/{id}/', { params: { path: { id } } }));
}

export function useDeleteMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => qc.invalidateQueries({ queryKey: materialsQueryKey }),
  });
}
