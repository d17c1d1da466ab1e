import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type StudyNote = components['schemas']['StudyNote'];

/** getNotes reads the student's own study notes, oldest first (GET /api/notes/). */
export function getNotes(signal?: AbortSignal): Promise<StudyNote[]> {
  return request(api.GET('/api/notes/', { signal }));
}

export const notesQueryKey = ['notes'] as const;

export const notesQuery = () => queryOptions({ queryKey: notesQueryKey, queryFn: ({ signal }) => getNotes(signal) });

export function useNotes() {
  return useQuery(notesQuery());
}
