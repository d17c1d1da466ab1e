import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Role } from '@/lib/auth/user';
import { withChat } from '../messages-cache';
import type { Chat } from '../types';
import { chatsQueryKey } from './get-chats';

/** createChat is POST /api/chat/create/: a student names the teacher, a
 * teacher the student. The pair's existing chat comes back if there is one. */
export function createChat({ role, otherId }: { role: Role; otherId: number }): Promise<Chat> {
  const body = role === 'teacher' ? { student_id: otherId } : { teacher_id: otherId };
  return request(api.POST('/api/chat/create/', { body }));
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: (chat) => {
      queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withChat(prev, chat));
      void queryClient.invalidateQueries({ queryKey: chatsQueryKey, exact: true });
    },
  });
}
