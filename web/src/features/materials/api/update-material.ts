import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { materialsQueryKey, type Material } from './get-materials';

export type MaterialChange = { id: number; title: string; description: string; link_url?: string };

/** updateMaterial changes the title, description or link of one's own material (PUT /api/materials/{id}/). */
export function updateMaterial({ id, ...body }: MaterialChange): Promise<Material> {
  return request(api.PUT('/api/materials/{id}/', { params: { path: { id } }, body }));
}

export function useUpdateMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMaterial,
    onSuccess: () => qc.invalidateQueries({ queryKey: materialsQueryKey }),
  });
}
