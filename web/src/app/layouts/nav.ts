import {
  BadgeCheck,
  Banknote,
  BellRing,
  CalendarCheck,
  CalendarClock,
  CreditCard,
  FileText,
  GraduationCap,
  LayoutDashboard,
  MessageSquare,
  Percent,
  Scale,
  ScrollText,
  Search,
  ShieldCheck,
  SlidersHorizontal,
  Star,
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
  admin: [
    { to: paths.admin.overview.path, label: msg('admin.nav.overview'), icon: LayoutDashboard },
    { to: paths.admin.users.path, label: msg('admin.nav.users'), icon: Users },
    { to: paths.admin.teachers.path, label: msg('admin.nav.teachers'), icon: BadgeCheck },
    { to: paths.admin.withdrawals.path, label: msg('admin.nav.withdrawals'), icon: Banknote },
    { to: paths.admin.payments.path, label: msg('admin.nav.payments'), icon: CreditCard },
    { to: paths.admin.disputes.path, label: msg('admin.nav.disputes'), icon: Scale },
    { to: paths.admin.adjustments.path, label: msg('admin.nav.adjustments'), icon: SlidersHorizontal },
    { to: paths.admin.reviews.path, label: msg('admin.nav.reviews'), icon: Star },
    { to: paths.admin.commission.path, label: msg('admin.nav.commission'), icon: Percent },
    { to: paths.admin.audit.path, label: msg('admin.nav.audit'), icon: ShieldCheck },
    { to: paths.admin.log.path, label: msg('admin.nav.log'), icon: ScrollText },
    { to: paths.admin.deliveries.path, label: msg('admin.nav.deliveries'), icon: BellRing },
  ],
};

/** isActive: an item is active when its path is a prefix of the current path
 * (at a segment boundary, so /student/notes does not light up /student/notes-x). */
export function isActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
