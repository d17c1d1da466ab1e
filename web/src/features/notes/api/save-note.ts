import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { notesQueryKey, type StudyNote } from './get-notes';

export type NoteInput = { title: string; content: string };

/** createNote adds a study note (POST /api/notes/). */
export function createNote(n: NoteInput): Promise<StudyNote> {
  return request(api.POST('/api/notes/', { body: n }));
}

/** updateNote changes one of the student's notes (PUT /api/notes/{id}/). */
export function updateNote({ id, ...n }: NoteInput & { id: number }): Promise<StudyNote> {
  return request(api.PUT('/api/notes/{id}/', { params: { path: { id } }, body: n }));
}

/** deleteNote removes one of the student's notes (DELETE /api/notes/{id}/). */
export async function deleteNote(id: number): Promise<void> {
  await request(api.DELETE('/api/notes/{id}/', { params: { path: { id } } }));
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notesQueryKey });
}

export function useCreateNote() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: createNote, onSuccess });
}

export function useUpdateNote() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateNote, onSuccess });
}

export function useDeleteNote() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteNote, onSuccess });
}
