import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { formatDate, formatDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useUsers, type RoleFilter } from '../api/users';
import type { AdminUser } from '../api/types';
import { Badge, Loaded, Panel } from './panel';
import { Person, RoleBadge } from './person';

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg transition-colors focus:border-ring focus:outline-none focus-visible:outline-2';

const roleFilters: readonly RoleFilter[] = ['', 'student', 'teacher', 'admin'];
const isRoleFilter = (v: string | null): v is RoleFilter => roleFilters.includes(v as RoleFilter);

/** UserState is a user's standing: deleted, suspended (since when), or active. */
export function UserState({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.deleted) return <Badge>{t('admin.users.deleted')}</Badge>;
  if (user.suspended_at) return <Badge tone="bad">{t('admin.users.suspended')}</Badge>;
  return <Badge tone="good">{t('admin.users.active')}</Badge>;
}

/** UserSearch finds users by name, username or phone, and a role; the search
 * is kept in the address (?q=&role=). Each found user's row ends with action. */
export function UserSearch({ action, title }: { action?: (user: AdminUser) => ReactNode; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const roleId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawRole = params.get('role');
  const role: RoleFilter = isRoleFilter(rawRole) ? rawRole : '';
  const [typed, setTyped] = useState(q);
  const [typedRole, setTypedRole] = useState<RoleFilter>(role);
  const users = useUsers(q, role);

  const search = () => {
    const next = new URLSearchParams(params);
    if (typed.trim()) next.set('q', typed.trim());
    else next.delete('q');
    if (typedRole) next.set('role', typedRole);
    else next.delete('role');
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-5">
      <form
        role="search"
        aria-label={t('admin.users.searchLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <TextField
          label={t('admin.users.query')}
          type="search"
          dir="auto"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="space-y-1.5">
          <label htmlFor={roleId} className="block text-sm font-medium">
            {t('admin.users.role')}
          </label>
          <select id={roleId} value={typedRole} onChange={(e) => setTypedRole(e.target.value as RoleFilter)} className={selectClass}>
            <option value="">{t('admin.users.allRoles')}</option>
            <option value="student">{t('roles.nameStudents')}</option>
            <option value="teacher">{t('roles.nameTeachers')}</option>
            <option value="admin">{t('roles.nameAdmins')}</option>
          </select>
        </div>
        <Button type="submit" loading={users.isFetching}>
          <Search className="size-4" aria-hidden />
          {t('admin.users.search')}
        </Button>
      </form>

      <Panel id="user-results" title={title}>
        <Loaded query={users} failed="admin.users.failed" empty={t('admin.users.none')}>
          {(list) => (
            <ul className="divide-y divide-line">
              {list.map((u) => (
                <li key={u.id} data-testid="user-row" className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                  <Person user={u} className="min-w-48 flex-1" />
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                    <RoleBadge role={u.role} />
                    <UserState user={u} />
                    {u.phone && (
                      <bdi dir="ltr" className="tabular-nums">
                        {formatDigits(u.phone, lang)}
                      </bdi>
                    )}
                    <span>{t('admin.users.joined', { date: formatDate(u.created_at, lang) })}</span>
                  </div>
                  {action && <div className="ms-auto">{action(u)}</div>}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Panel>
    </div>
  );
}
