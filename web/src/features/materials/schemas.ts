// Validation of the teacher's material form (spec section 5): a title; a URL
// for a class link; a file for a note or an assignment. The server checks the
// same and reads the file's type from its bytes.
import { z } from 'zod/mini';
import { msg } from '@/lib/i18n/keys';

export const MATERIAL_TYPES = ['note', 'class_link', 'assignment'] as const;
export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 2000;
/** Files of notes and assignments: at most 10 MB (the server's limit). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png';
const FILE_NAME = /\.(pdf|docx?|jpe?g|png)$/i;

/** isWebLink reports whether s is an absolute http(s) address, as the server requires. */
export function isWebLink(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.host !== '';
  } catch {
    return false;
  }
}

const title = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, msg('materials.validation.titleRequired')),
      z.maxLength(MAX_TITLE, msg('materials.validation.titleTooLong')),
    );
const description = () => z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION, msg('materials.validation.descriptionTooLong')));

export const materialSchema = z
  .object({
    material_type: z.enum(MATERIAL_TYPES),
    title: title(),
    description: description(),
    link_url: z.string().check(z.trim()),
    file: z.nullable(z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File)),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.material_type === 'class_link') {
        if (d.link_url === '') {
          ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg('materials.validation.linkRequired') });
        } else if (!isWebLink(d.link_url)) {
          ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg('materials.validation.linkInvalid') });
        }
        return;
      }
      if (!d.file) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: msg('materials.validation.fileRequired') });
      } else if (!FILE_NAME.test(d.file.name)) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: msg('materials.validation.fileType') });
      } else if (d.file.size > MAX_FILE_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: msg('materials.validation.fileTooBig') });
      }
    }),
  );
export type MaterialValues = z.input<typeof materialSchema>;

/** The edit form: title, description and, for a class link, its URL. */
export const materialEditSchema = z
  .object({
    material_type: z.enum(MATERIAL_TYPES),
    title: title(),
    description: description(),
    link_url: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.material_type !== 'class_link') return;
      if (d.link_url === '') {
        ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg('materials.validation.linkRequired') });
      } else if (!isWebLink(d.link_url)) {
        ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg('materials.validation.linkInvalid') });
      }
    }),
  );
export type MaterialEditValues = z.input<typeof materialEditSchema>;
