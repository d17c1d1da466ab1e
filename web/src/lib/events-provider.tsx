import { createContext, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { currentLang } from '@/lib/i18n';
import { useLang } from '@/lib/i18n/use-lang';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { LiveEvents, type LiveStatus } from './events';

const LiveEventsContext = createContext<LiveEvents | null>(null);

/** LiveEventsProvider keeps one event stream open while a user is signed in,
 * from when the first screen's reads are in (useAfterFirstReads), and
 * closes it the moment the session ends (logout, expiry, 401). The
 * stream is in the interface language: a switch reconnects it, resuming
 * from its last event. */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const lang = useLang();
  const [client, setClient] = useState<LiveEvents | null>(null);
  const streamLang = useRef(lang);
  const live = useAfterFirstReads();
  useEffect(() => {
    if (lang === streamLang.current) return;
    streamLang.current = lang;
    client?.reconnect();
  }, [lang, client]);
  useEffect(() => {
    if (!token || !live) return;
    const c = new LiveEvents({ token, lang: currentLang });
    c.start();
    setClient(c);
    return () => {
      c.stop();
      setClient((cur) => (cur === c ? null : cur));
    };
  }, [token, live]);
  return <LiveEventsContext value={client}>{children}</LiveEventsContext>;
}

const noop = () => () => {};

/** useLiveStatus is the stream's state: 'open' while events arrive live;
 * anything else means screens should poll. Without a provider it is 'closed'. */
export function useLiveStatus(): LiveStatus {
  const client = use(LiveEventsContext);
  return useSyncExternalStore(
    client ? (l) => client.onStatus(l) : noop,
    () => client?.status ?? 'closed',
    () => 'closed',
  );
}

/** useLiveEvent calls handler with the parsed data of each event of type. */
export function useLiveEvent<T = unknown>(type: string, handler: (data: T) => void): void {
  const client = use(LiveEventsContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.subscribe(type, (data) => latest.current(data as T));
  }, [client, type]);
}

/** useLiveOpened calls callback each time the stream opens, the first time
 * included: a stream without Last-Event-ID starts from "now", so a screen
 * refreshes once to catch what came between its first read and the opening.
 * The callback gets an object unique to that opening. */
export function useLiveOpened(callback: (opening: object) => void): void {
  const client = use(LiveEventsContext);
  const status = useLiveStatus();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (status === 'open' && client) latest.current(client.opening);
  }, [status, client]);
}
