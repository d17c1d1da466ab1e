import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { appendMessage, withLastMessage, type MessagePage } from '../messages-cache';
import type { Chat, Message } from '../types';
import { chatsQueryKey } from './get-chats';
import { messagesQueryKey } from './get-messages';

export type SendInput = { chatId: number; content: string };

/** sendMessage is POST /api/messages/send/; the answer is the saved message. */
export function sendMessage({ chatId, content }: SendInput): Promise<Message> {
  return request(api.POST('/api/messages/send/', { body: { chat_id: chatId, content } }));
}

/** useSendMessage sends a message and puts the saved one in the chat and the list. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (m) => {
      queryClient.setQueryData<MessagePage>(messagesQueryKey(m.chat_id), (prev) => appendMessage(prev, m));
      queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withLastMessage(prev, m));
    },
  });
}
