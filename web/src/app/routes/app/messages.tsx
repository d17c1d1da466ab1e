import { MessagesPage } from '@/features/messages/components/messages-page';

/** MessagesRoute is the Messages screen of both areas (/student/messages, /teacher/messages). */
export function MessagesRoute() {
  return <MessagesPage />;
}
