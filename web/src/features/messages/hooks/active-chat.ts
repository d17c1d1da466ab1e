import { useEffect, useSyncExternalStore } from 'react';

// The chat open on screen in a visible tab: its new messages are read as
// they arrive, so it does not count as unread anywhere (no flicker of the
// badge between a message and its read mark).
let active: number | null = null;
const listeners = new Set<() => void>();

function setActive(id: number | null): void {
  if (active === id) return;
  active = id;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** useActiveChatId is the chat open on screen, or null. */
export function useActiveChatId(): number | null {
  return useSyncExternalStore(subscribe, () => active, () => null);
}

/** useRegisterActiveChat marks chatId as the chat on screen while the caller is mounted and visible. */
export function useRegisterActiveChat(chatId: number | null, visible: boolean): void {
  useEffect(() => {
    if (chatId === null || !visible) return;
    setActive(chatId);
    return () => {
      if (active === chatId) setActive(null);
    };
  }, [chatId, visible]);
}

function subscribeVisibility(l: () => void): () => void {
  document.addEventListener('visibilitychange', l);
  return () => document.removeEventListener('visibilitychange', l);
}

/** usePageVisible reports whether the tab is shown. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
