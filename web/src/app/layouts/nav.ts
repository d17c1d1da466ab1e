import {
  CalendarCheck,
  CalendarClock,
  FileText,
  GraduationCap,
  LayoutDashboard,
  MessageSquare,
  Search,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { msg, type TKey } from '@/lib/i18n/keys';
import type { Role } from '@/lib/auth/user';

export type NavItem = { to: string; label: TKey; icon: LucideIcon };

/** The sidebar menus of spec section 2 (logout is added by the sidebar). */
export const navItems: Record<Role, NavItem[]> = {
  student: [
    { to: paths.student.dashboard.path, label: msg('nav.dashboard'), icon: LayoutDashboard },
    { to: paths.student.notes.path, label: msg('nav.education'), icon: GraduationCap },
    { to: paths.student.messages.path, label: msg('nav.messages'), icon: MessageSquare },
    { to: paths.student.wallet.path, label: msg('nav.wallet'), icon: Wallet },
    { to: paths.student.findTeacher.path, label: msg('nav.findTeacher'), icon: Search },
    { to: paths.student.profile.path, label: msg('nav.profile'), icon: UserRound },
  ],
  teacher: [
    { to: paths.teacher.students.path, label: msg('nav.students'), icon: Users },
    { to: paths.teacher.bookedSlots.path, label: msg('nav.myClasses'), icon: CalendarCheck },
    { to: paths.teacher.availability.path, label: msg('nav.availability'), icon: CalendarClock },
    { to: paths.teacher.messages.path, label: msg('nav.messages'), icon: MessageSquare },
    { to: paths.teacher.notes.path, label: msg('nav.materials'), icon: FileText },
    { to: paths.teacher.wallet.path, label: msg('nav.wallet'), icon: Wallet },
    { to: paths.teacher.profile.path, label: msg('nav.profile'), icon: UserRound },
  ],
};

/** isActive: an item is active when its path is a prefix of the current path
 * (at a segment boundary, so /student/notes does not light up /student/notes-x). */
export function isActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
