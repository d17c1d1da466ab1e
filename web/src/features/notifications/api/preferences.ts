import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { NotificationPrefs, PrefsUpdate } from '../types';

export const prefsQueryKey = ['notification-prefs'] as const;

/** getPrefs reads GET /api/notifications/preferences/. */
export function getPrefs(signal?: AbortSignal): Promise<NotificationPrefs> {
  return request(api.GET('/api/notifications/preferences/', { signal }));
}

/** savePrefs is PUT /api/notifications/preferences/: the fields given change,
 * the others stay; the answer is the whole, saved preferences. */
export function savePrefs(update: PrefsUpdate): Promise<NotificationPrefs> {
  return request(api.PUT('/api/notifications/preferences/', { body: update }));
}

export const prefsQuery = () => queryOptions({ queryKey: prefsQueryKey, queryFn: ({ signal }) => getPrefs(signal) });

export function usePrefs() {
  return useQuery(prefsQuery());
}

const saveKey = [...prefsQueryKey, 'save'] as const;

/** useSavePrefs saves a change, which the caller may already show (a switch
 * flips at once). The server's answer is kept when no other save is on its
 * way (an older answer would undo a newer change); a refusal reads the saved
 * preferences again. */
export function useSavePrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    mutationFn: savePrefs,
    onSuccess: (prefs) => {
      if (queryClient.isMutating({ mutationKey: saveKey }) <= 1) queryClient.setQueryData(prefsQueryKey, prefs);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: prefsQueryKey }),
  });
}
