import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, CalendarRange, MessageSquare, UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageSpinner } from '@/components/ui/spinner';
import { hrefs, paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useCreateChat } from '@/lib/api/chats';
import { useStudentClasses } from '@/lib/api/classes';
import { EmptyState, FindTeacherLink } from '@/components/ui/empty-state';
import { useTeacherProfiles } from '../api/get-teachers';
import { bookedTeachers, type BookedTeacher } from '../booked-teachers';

function TeacherPhoto({ teacher }: { teacher: BookedTeacher }) {
  const [failed, setFailed] = useState(false);
  const letter = Array.from(teacher.name.trim())[0]?.toLocaleUpperCase();
  if (teacher.photo && !failed) {
    return <img src={teacher.photo} alt="" className="size-14 shrink-0 rounded-full object-cover" onError={() => setFailed(true)} />;
  }
  return (
    <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-on-primary" aria-hidden>
      {letter ?? <UserRound className="size-6" />}
    </span>
  );
}

function TeacherCard({
  teacher,
  bio,
  bioLoading,
  onChat,
  chatting,
}: {
  teacher: BookedTeacher;
  bio: string | undefined;
  bioLoading: boolean;
  onChat: () => void;
  chatting: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const titleId = `booked-teacher-${teacher.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
        <div className="flex items-center gap-3">
          <TeacherPhoto teacher={teacher} />
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              {teacher.name}
            </h2>
            <p className="text-sm text-muted">{t('dashboard.booked.sessions', { n: formatNumber(teacher.sessions, lang) })}</p>
          </div>
        </div>
        <p dir="auto" className="mt-3 line-clamp-3 min-h-[1.5rem] text-start text-sm text-fg/90">
          {bioLoading ? <span className="text-muted">{t('common.loading')}</span> : bio?.trim() || <span className="text-muted">{t('dashboard.booked.noBio')}</span>}
        </p>
        <div className="mt-4 flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2.5 text-sm">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <div>
            <p className="text-xs text-muted">{t('dashboard.booked.next')}</p>
            <p className="font-medium">{teacher.next ? formatDateTime(teacher.next, lang, tz) : t('dashboard.booked.noNext')}</p>
          </div>
        </div>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link
            to={hrefs.bookedSlotsOfTeacher(teacher.id)}
            aria-label={t('dashboard.booked.viewSessionsOf', { name: teacher.name })}
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary transition-colors hover:bg-primary-hover"
          >
            <CalendarRange className="size-4" aria-hidden />
            {t('dashboard.booked.viewSessions')}
          </Link>
          <Button
            variant="secondary"
            className="flex-1 whitespace-nowrap"
            loading={chatting}
            onClick={onChat}
            aria-label={t('dashboard.booked.chatWith', { name: teacher.name })}
          >
            <MessageSquare className="size-4" aria-hidden />
            {t('dashboard.booked.chat')}
          </Button>
        </div>
      </article>
    </li>
  );
}

/** BookedTeachers is 'My Booked Teachers': one card per teacher the student
 * booked, with their classes' count, bio, next class, a link to those
 * classes and a chat button that opens (or creates) the chat. */
export function BookedTeachers() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const classes = useStudentClasses();
  const teachers = bookedTeachers(classes.data ?? []);
  const profiles = useTeacherProfiles(teachers.map((x) => x.id));
  const chat = useCreateChat();
  const [chatError, setChatError] = useState<string | null>(null);

  if (classes.isPending) return <PageSpinner />;
  if (classes.isError) {
    return (
      <ErrorBanner onRetry={() => void classes.refetch()}>
        {t('dashboard.booked.loadFailed')} {errorText(classes.error, t, 'dashboard.booked.loadFailedDetail')}
      </ErrorBanner>
    );
  }
  if (teachers.length === 0) {
    return (
      <EmptyState
        icon={UserRound}
        title={t('dashboard.booked.empty')}
        hint={t('dashboard.booked.emptyHint')}
        action={<FindTeacherLink>{t('dashboard.findTeacher')}</FindTeacherLink>}
      />
    );
  }

  const openChat = (teacherId: number) => {
    setChatError(null);
    chat.mutate({ role: 'student', otherId: teacherId }, {
      onSuccess: (c) => navigate(`${paths.student.messages.path}?chat=${c.id}`),
      onError: (err) => setChatError(errorText(err, t, 'dashboard.booked.chatFailed')),
    });
  };

  return (
    <div className="space-y-4">
      {chatError && <Alert tone="error">{chatError}</Alert>}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {teachers.map((teacher, i) => (
          <TeacherCard
            key={teacher.id}
            teacher={teacher}
            bio={profiles[i]?.data?.bio}
            bioLoading={profiles[i]?.isPending ?? false}
            chatting={chat.isPending && chat.variables?.otherId === teacher.id}
            onChat={() => openChat(teacher.id)}
          />
        ))}
      </ul>
    </div>
  );
}
