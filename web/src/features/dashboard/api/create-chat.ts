import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Chat = components['schemas']['Chat'];

/** createChat opens the chat with a teacher, or returns the pair's existing one (POST /api/chat/create/). */
export function createChat(teacherId: number): Promise<Chat> {
  return request(api.POST('/api/chat/create/', { body: { teacher_id: teacherId } }));
}

export function useCreateChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chats'] }),
  });
}
