import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getStudents, studentsQueryKey } from '@/lib/api/students';
import { listTeachers, teachersQueryKey } from '@/lib/api/teachers';
import type { Role } from '@/lib/auth/user';

/** Contact is someone the reader may start a chat with: a teacher with the
 * languages they teach, or a student with their email. */
export type Contact = { id: number; name: string; username: string; photo: string | null; languages: string[]; email: string };

/** getTeacherContacts reads GET /api/teachers/list/ (a student's choice), matching q by name or bio. */
export async function getTeacherContacts(q: string, signal?: AbortSignal): Promise<Contact[]> {
  const page = await listTeachers({ q: q || undefined, page_size: 50 }, signal);
  return page.results.map((t) => ({
    id: t.id,
    name: t.name || t.username,
    username: t.username,
    photo: t.profile_photo_url || t.photo || null,
    languages: t.languages,
    email: '',
  }));
}

/** getStudentContacts reads GET /api/students/list/ (a teacher's choice: the students who booked them). */
export async function getStudentContacts(signal?: AbortSignal): Promise<Contact[]> {
  const list = await getStudents(signal);
  return list.map((s) => ({
    id: s.id,
    name: s.name || s.user.username,
    username: s.user.username,
    photo: s.profile_photo_url,
    languages: [],
    email: s.user.email,
  }));
}

/** useContacts lists whom the reader may write to: teachers for a student
 * (searched on the server), the teacher's own students for a teacher
 * (filtered here by name, username or email). */
export function useContacts(role: Role, q: string, enabled: boolean) {
  const query = q.trim();
  return useQuery({
    queryKey: role === 'teacher' ? [...studentsQueryKey, 'contacts'] : [...teachersQueryKey, 'contacts', query],
    queryFn: ({ signal }) => (role === 'teacher' ? getStudentContacts(signal) : getTeacherContacts(query, signal)),
    select: (list) => (role === 'teacher' ? filterContacts(list, query) : list),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** filterContacts keeps the contacts whose name, username or email contains q, ignoring case. */
export function filterContacts(list: Contact[], q: string): Contact[] {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return list;
  return list.filter((c) => [c.name, c.username, c.email].some((s) => s.toLocaleLowerCase().includes(needle)));
}
