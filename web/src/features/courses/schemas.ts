// Validation of a teacher's course (spec section 5): a title, at least one
// day and a start time; an optional class link must be a web address.
import { z } from 'zod/mini';
import { msg } from '@/lib/i18n/keys';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 2000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isWebLink(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.host !== '';
  } catch {
    return false;
  }
}

export const courseSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, msg('courses.validation.titleRequired')),
      z.maxLength(MAX_TITLE, msg('courses.validation.titleTooLong')),
    ),
  description: z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION, msg('courses.validation.descriptionTooLong'))),
  classLink: z.string().check(z.trim(), z.refine((v) => v === '' || isWebLink(v), msg('courses.validation.linkInvalid'))),
  days: z.array(z.number()).check(z.minLength(1, msg('courses.validation.daysRequired'))),
  startTime: z.string().check(z.regex(TIME, msg('courses.validation.startTimeRequired'))),
  isActive: z.boolean(),
});
export type CourseValues = z.input<typeof courseSchema>;

/** weekOrder is the order days are listed in: from Saturday in Persian, from Sunday in English. */
export function weekOrder(lang: 'fa' | 'en'): number[] {
  return lang === 'fa' ? [6, 0, 1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
}

/** sortDays orders days (0 Sunday ... 6 Saturday) as the week is read in lang. */
export function sortDays(days: number[], lang: 'fa' | 'en'): number[] {
  const order = weekOrder(lang);
  return [...days].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
