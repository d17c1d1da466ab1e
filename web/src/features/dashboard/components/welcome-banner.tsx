import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { useViewerTimeZone } from '@/lib/time-zone';
import { dayPart, greetingKeys, hourIn, welcomeName } from '../greeting';

/** useNow is the current time, refreshed every minute so the greeting turns with the day. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** WelcomeBanner greets the student by the time of day in their zone and by
 * first name (else username), with the way to their teachers and to find one. */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const tz = useViewerTimeZone();
  const now = useNow();
  const name = welcomeName(user) ?? t('common.studentFallback');
  const greeting = t(greetingKeys[dayPart(hourIn(now, tz))]);
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-700 to-violet-800 p-6 text-white shadow-sm"
    >
      <p className="text-sm font-medium text-indigo-100">{greeting}</p>
      <h2 id="welcome-title" className="mt-1 text-2xl font-bold">
        {t('dashboard.welcome', { name })}
      </h2>
      <p className="mt-2 max-w-xl text-sm text-indigo-100">{t('dashboard.welcomeText')}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Link
          to={paths.student.bookedTeachers.path}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-800 transition-colors hover:bg-indigo-50"
        >
          <Users className="size-4" aria-hidden />
          {t('dashboard.myTeachers')}
        </Link>
        <Link
          to={paths.student.findTeacher.path}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-white/40 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-white/10"
        >
          <Search className="size-4" aria-hidden />
          {t('dashboard.findTeacher')}
        </Link>
      </div>
    </section>
  );
}
