import { z } from 'zod/mini';
import { msg } from '@/lib/i18n/keys';

export const MAX_TITLE = 200;
export const MAX_CONTENT = 20000;

/** A study note: a title (required) and its text. */
export const noteSchema = z.object({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, msg('notes.validation.titleRequired')), z.maxLength(MAX_TITLE, msg('notes.validation.titleTooLong'))),
  content: z.string().check(z.maxLength(MAX_CONTENT, msg('notes.validation.contentTooLong'))),
});
export type NoteValues = z.input<typeof noteSchema>;
