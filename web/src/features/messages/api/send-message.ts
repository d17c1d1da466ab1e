import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { appendMessage, withLastMessage, type MessagePage } from '../messages-cache';
import type { Chat, Message } from '../types';
import { chatsQueryKey } from '@/lib/api/chats';
import { messagesQueryKey } from './get-messages';

export type SendInput = { chatId: number; content: string; file?: File | null };

/** sendMessage is POST /api/messages/send/; the answer is the saved message.
 * A file goes as multipart form data, with the text if there is any. */
export function sendMessage({ chatId, content, file }: SendInput): Promise<Message> {
  if (!file) return request(api.POST('/api/messages/send/', { body: { chat_id: chatId, content } }));
  const form = new FormData();
  form.set('chat_id', String(chatId));
  if (content) form.set('content', content);
  form.set('file', file, file.name);
  // openapi-fetch sends FormData as is, with its multipart boundary.
  return request(api.POST('/api/messages/send/', { body: form as unknown as { chat_id: number; content: string } }));
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
