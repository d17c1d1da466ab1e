import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { withReadChat } from '../messages-cache';
import type { Chat } from '../types';
import { chatsQueryKey } from '@/lib/api/chats';

/** markChatRead is POST /api/chats/{id}/read/: the reader has seen the chat. */
export function markChatRead(chatId: number): Promise<unknown> {
  return request(api.POST('/api/chats/{id}/read/', { params: { path: { id: chatId } } }));
}

/** useMarkRead clears a chat's unread count, on the server and in the list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onSuccess: (_data, chatId) => {
      queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withReadChat(prev, chatId));
    },
  });
}
