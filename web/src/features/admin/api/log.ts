import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys } from './keys';
import type { LogEntry } from './types';

/** A page of the log holds at most this many rows; a shorter one is the last. */
export const LOG_PAGE = 200;

/** getLog reads the operator log, newest first, before a row's id (GET /api/admin/log/). */
export function getLog(before: number | undefined, signal?: AbortSignal): Promise<LogEntry[]> {
  return request(api.GET('/api/admin/log/', { params: { query: { before } }, signal }));
}

/** useLogPage reads one page of the log: the newest, or the one before a row's id. */
export function useLogPage(before: number | undefined) {
  return useQuery({ queryKey: [...adminKeys.log, before ?? null], queryFn: ({ signal }) => getLog(before, signal) });
}
