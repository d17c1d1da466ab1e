// Validation of the teacher profile editor (spec sections 5 and 8). Messages
// are translation keys. Prices are whole Toman (docs/decisions.md).
import { z } from 'zod/mini';
import { msg, type TKey } from '@/lib/i18n/keys';
import { parseAmount } from '@/lib/format';
import { checkFile, DOCUMENT_RULE, PHOTO_RULE, VIDEO_RULE } from '@/lib/files';
import type { TeacherProfile } from '@/lib/api/teacher-profile';

/** CEFR levels; their ids 1 to 6 are A1 to C2. */
export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type Level = (typeof LEVELS)[number];

export const MAX_PRICE = 1_000_000_000;
export const MAX_EXPERIENCE = 80;
export const MAX_NAME = 150;
export const MAX_TEXT = 2000;
export const MAX_MAIN_SITE_ID = 64;

const wholeIn = (max: number, message: TKey) =>
  z.string().check(
    z.trim(),
    z.refine((v) => {
      if (v === '') return true;
      const n = parseAmount(v);
      return n !== null && n <= max;
    }, message),
  );
const text = (max: number, message: TKey) => z.string().check(z.trim(), z.maxLength(max, message));

/** The overview's text fields; empty ones are not sent. */
export const overviewSchema = z.object({
  first_name: text(MAX_NAME, msg('teacherProfile.validation.nameTooLong')),
  last_name: text(MAX_NAME, msg('teacherProfile.validation.nameTooLong')),
  bio: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  experience_years: wholeIn(MAX_EXPERIENCE, msg('teacherProfile.validation.experience')),
  price_per_hour: wholeIn(MAX_PRICE, msg('teacherProfile.validation.price')),
  test_session_price: wholeIn(MAX_PRICE, msg('teacherProfile.validation.price')),
  education: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  certifications: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  specializations: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  teaching_style: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  availability_note: text(MAX_TEXT, msg('teacherProfile.validation.textTooLong')),
  wp_teacher_id: text(MAX_MAIN_SITE_ID, msg('teacherProfile.validation.mainSiteIdTooLong')),
});
export type OverviewValues = z.infer<typeof overviewSchema>;

/** overviewDefaults fills the overview form from the saved profile. */
export function overviewDefaults(p: TeacherProfile): OverviewValues {
  const n = (v: number) => (v > 0 ? String(v) : '');
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    bio: p.bio,
    experience_years: n(p.experience_years),
    price_per_hour: n(p.price_per_hour),
    test_session_price: n(p.test_session_price),
    education: p.education,
    certifications: p.certifications,
    specializations: p.specializations,
    teaching_style: p.teaching_style,
    availability_note: p.availability_note,
    wp_teacher_id: p.wp_teacher_id,
  };
}

/** LevelEntry is one row of the language levels: a language, its levels and their prices. */
export type LevelEntry = { key: string; language: string; levels: Level[]; regular_price: number; exam_price: number };

/** EntryDraft is the adder's form. */
export type EntryDraft = { language: string; levels: Level[]; regular: string; exam: string };

export type EntryProblem = { field: 'language' | 'regular' | 'exam'; message: TKey };

/** validateEntry checks a new language entry against those already listed:
 * a language and at least one level, a whole price per class, a whole (or no)
 * exam price, and no level of a language priced twice. */
export function validateEntry(d: EntryDraft, existing: readonly LevelEntry[]): EntryProblem | null {
  if (d.language === '' || d.levels.length === 0) return { field: 'language', message: msg('teacherProfile.levels.required') };
  const regular = parseAmount(d.regular);
  if (d.regular.trim() === '' || regular === 0) return { field: 'regular', message: msg('teacherProfile.levels.priceRequired') };
  if (regular === null || regular > MAX_PRICE) return { field: 'regular', message: msg('teacherProfile.validation.price') };
  if (d.exam.trim() !== '') {
    const exam = parseAmount(d.exam);
    if (exam === null || exam > MAX_PRICE) return { field: 'exam', message: msg('teacherProfile.validation.price') };
  }
  if (existing.some((e) => e.language === d.language && e.levels.some((l) => d.levels.includes(l)))) {
    return { field: 'language', message: msg('teacherProfile.levels.duplicate') };
  }
  return null;
}

let entrySeq = 0;

/** entryOf turns a valid draft into an entry. */
export function entryOf(d: EntryDraft): LevelEntry {
  return {
    key: `new-${++entrySeq}`,
    language: d.language,
    levels: LEVELS.filter((l) => d.levels.includes(l)),
    regular_price: parseAmount(d.regular) ?? 0,
    exam_price: d.exam.trim() === '' ? 0 : (parseAmount(d.exam) ?? 0),
  };
}

/** entriesOf lists the saved profile's entries. */
export function entriesOf(p: TeacherProfile): LevelEntry[] {
  return p.language_levels.map((l) => ({
    key: `saved-${l.id}`,
    language: l.language,
    levels: l.levels,
    regular_price: l.regular_price,
    exam_price: l.exam_price,
  }));
}

/** photoProblem: the photo must be a JPEG or PNG of at most 5 MB. */
export function photoProblem(file: File): TKey | null {
  const p = checkFile(file, PHOTO_RULE);
  if (p === 'type') return msg('teacherProfile.media.photoType');
  if (p === 'size') return msg('teacherProfile.media.photoSize');
  return null;
}

/** videoProblem: the intro video must be MP4, MOV or AVI of at most 100 MB. */
export function videoProblem(file: File): TKey | null {
  const p = checkFile(file, VIDEO_RULE);
  if (p === 'type') return msg('teacherProfile.media.videoType');
  if (p === 'size') return msg('teacherProfile.media.videoSize');
  return null;
}

export type RejectedDocument = { name: string; message: TKey };

/** splitDocuments keeps the valid documents and reports the others by name
 * (spec section 5: invalid ones are skipped, valid ones are added). */
export function splitDocuments(files: readonly File[]): { valid: File[]; rejected: RejectedDocument[] } {
  const valid: File[] = [];
  const rejected: RejectedDocument[] = [];
  for (const f of files) {
    const p = checkFile(f, DOCUMENT_RULE);
    if (p === 'type') rejected.push({ name: f.name, message: msg('teacherProfile.media.documentType') });
    else if (p === 'size') rejected.push({ name: f.name, message: msg('teacherProfile.media.documentSize') });
    else valid.push(f);
  }
  return { valid, rejected };
}

export type Uploads = { photo: File | null; video: File | null; documents: File[] };

const NUMERIC: ReadonlyArray<keyof OverviewValues> = ['experience_years', 'price_per_hour', 'test_session_price'];

/** teacherForm builds the multipart body of a save. Only filled fields are
 * sent (spec section 5); numbers go as ASCII digits; language_levels as JSON
 * text; then the chosen files. */
export function teacherForm(values: OverviewValues, entries: readonly LevelEntry[], uploads: Uploads): FormData {
  const form = new FormData();
  for (const [key, raw] of Object.entries(values) as Array<[keyof OverviewValues, string]>) {
    const v = raw.trim();
    if (v === '') continue;
    form.append(key, NUMERIC.includes(key) ? String(parseAmount(v) ?? v) : v);
  }
  if (entries.length > 0) {
    form.append(
      'language_levels',
      JSON.stringify(
        entries.map((e) => ({ language: e.language, levels: e.levels, regular_price: e.regular_price, exam_price: e.exam_price })),
      ),
    );
  }
  if (uploads.photo) form.append('photo', uploads.photo);
  if (uploads.video) form.append('intro_video', uploads.video);
  for (const d of uploads.documents) form.append('documents', d);
  return form;
}

export type Missing = 'bio' | 'price' | 'experience' | 'languages';

/** missingForBooking lists what an incomplete profile lacks (the server's `complete`). */
export function missingForBooking(p: TeacherProfile): Missing[] {
  const out: Missing[] = [];
  if (!p.bio) out.push('bio');
  if (p.price_per_hour <= 0) out.push('price');
  if (p.experience_years <= 0) out.push('experience');
  if (p.language_levels.length === 0) out.push('languages');
  return out;
}
