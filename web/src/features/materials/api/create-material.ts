import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { materialsQueryKey, type Material, type MaterialType } from './get-materials';

export type NewMaterial = {
  material_type: MaterialType;
  title: string;
  description: string;
  link_url: string;
  file: File | null;
};

/** createMaterial adds a material (POST /api/materials/): JSON for a
 * class_link with its URL, multipart with the file for a note or an assignment. */
export function createMaterial(m: NewMaterial): Promise<Material> {
  if (m.material_type === 'class_link') {
    return request(
      api.POST('/api/materials/', {
        body: { title: m.title, description: m.description, material_type: 'class_link', link_url: m.link_url },
      }),
    );
  }
  const form = new FormData();
  form.set('title', m.title);
  form.set('description', m.description);
  form.set('material_type', m.material_type);
  if (m.file) form.set('file', m.file, m.file.name);
  return request(
    api.POST('/api/materials/', {
      // openapi-fetch sends FormData as is, with its multipart boundary.
      body: form as unknown as { title?: string },
    }),
  );
}

export function useCreateMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMaterial,
    onSuccess: () => qc.invalidateQueries({ queryKey: materialsQueryKey }),
  });
}
