import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { Role } from '@/lib/auth/user';

export type Chat = components['schemas']['Chat'];

/** chatsQueryKey is the key of the reader's chat list (GET /api/chats/). */
export const chatsQueryKey = ['chats'] as const;

/** withChat puts chat in the list (replacing its old copy), keeping the order. */
export function withChat(chats: Chat[] | undefined, chat: Chat): Chat[] {
  if (!chats) return [chat];
  if (chats.some((c) => c.id === chat.id)) return chats.map((c) => (c.id === chat.id ? chat : c));
  return [chat, ...chats];
}

/** createChat is POST /api/chat/create/: a student names the teacher, a
 * teacher the student. The pair's existing chat comes back if there is one. */
export function createChat({ role, otherId }: { role: Role; otherId: number }): Promise<Chat> {
  const body = role === 'teacher' ? { student_id: otherId } : { teacher_id: otherId };
  return request(api.POST('/api/chat/create/', { body }));
}

/** useCreateChat opens a chat (from the messages screen or a dashboard card)
 * and puts it in the chat list at once. */
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
