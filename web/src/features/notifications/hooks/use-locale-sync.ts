import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-provider';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { prefsQueryKey, savePrefs } from '../api/preferences';
import type { PrefsUpdate } from '../types';

// What the app (one query client a tab) last told the server, for which session.
const told = new WeakMap<QueryClient, { token: string; language: string; time_zone: string }>();

/** useLocaleSync tells the server the member's interface language and time
 * zone, which their notifications, texts and emails are written in: both
 * when a session starts (a sign-in, or a page opened signed in), then each
 * again when the member switches it, after the first screen's reads
 * (useAfterFirstReads). A failure waits for the next change. */
export function useLocaleSync(): void {
  const { token } = useAuth();
  const language = useLang();
  const timeZone = useViewerTimeZone();
  const queryClient = useQueryClient();
  const ready = useAfterFirstReads();
  useEffect(() => {
    if (!token || !ready) return;
    const last = told.get(queryClient);
    const before = last?.token === token ? last : null;
    const update: PrefsUpdate = {};
    if (before?.language !== language) update.language = language;
    if (before?.time_zone !== timeZone) update.time_zone = timeZone;
    if (Object.keys(update).length === 0) return;
    told.set(queryClient, { token, language, time_zone: timeZone });
    savePrefs(update).then(
      () => queryClient.invalidateQueries({ queryKey: prefsQueryKey }),
      () => {},
    );
  }, [token, language, timeZone, queryClient, ready]);
}
