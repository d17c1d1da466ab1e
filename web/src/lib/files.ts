// Checks of files before they are uploaded (spec section 5), so that a wrong
// file is refused at once instead of after a long upload. The server checks
// the bytes again; these rules only mirror its limits.

export const MB = 1024 * 1024;

/** FileRule is what a file input accepts: MIME types, name endings, a size limit. */
export type FileRule = {
  types: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  /** The value of the input's accept attribute. */
  accept: string;
};

/** What is wrong with a file: its type or its size. */
export type FileProblem = 'type' | 'size';

function rule(types: string[], extensions: string[], maxBytes: number): FileRule {
  return { types, extensions, maxBytes, accept: [...types, ...extensions.map((e) => `.${e}`)].join(',') };
}

/** Profile photos: JPEG or PNG, at most 5 MB (docs/decisions.md: one limit for everyone). */
export const PHOTO_RULE = rule(['image/jpeg', 'image/png'], ['jpg', 'jpeg', 'png'], 5 * MB);

/** Intro videos: MP4, MOV (QuickTime) or AVI, at most 100 MB. */
export const VIDEO_RULE = rule(
  ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/msvideo'],
  ['mp4', 'mov', 'avi'],
  100 * MB,
);

/** Teacher documents: PDF, DOC, DOCX, JPEG or PNG, at most 10 MB each. */
export const DOCUMENT_RULE = rule(
  [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'image/jpeg',
    'image/png',
  ],
  ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'],
  10 * MB,
);

function extension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** checkFile returns what is wrong with file under rule, or null. A file is of
 * an accepted type when its MIME type is, or, when the browser gives no useful
 * type (as some do for .mov, .avi and .doc), when its name ends as one does. */
export function checkFile(file: Pick<File, 'name' | 'type' | 'size'>, r: FileRule): FileProblem | null {
  const type = file.type.toLowerCase();
  const typeOk = r.types.includes(type) || ((type === '' || type === 'application/octet-stream') && r.extensions.includes(extension(file.name)));
  if (!typeOk) return 'type';
  if (file.size > r.maxBytes) return 'size';
  return null;
}

/** Chat attachments: an image (JPEG, PNG, WebP, GIF) or a PDF, at most 10 MB. */
export const ATTACHMENT_RULE = rule(
  ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'],
  ['jpg', 'jpeg', 'png', 'webp', 'gif', 'pdf'],
  10 * MB,
);
